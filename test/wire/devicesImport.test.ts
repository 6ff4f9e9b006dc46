/**
 * An older install's `devices.json` and push subscriptions, taken into the state database once
 * (issue 31 item 4): its devices still paired, its names cleaned, its subscriptions still told,
 * and a device revoked since never brought back by the old file.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatClient } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { listed, rpcAs } from '../helpers/devices.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';
import { pushServicePerTest } from '../helpers/pushService.ts';

const start = hostPerTest();
const pushService = pushServicePerTest();

/** Whether the device of `cookie` is let in (200) or not (401), on `host`'s port. */
const statusOf = async (host: HostProcess, cookie: string) => {
  const ported = cookie.replace(/^switchboard_\d+=/, `switchboard_${new URL(host.base).port}=`);
  return (await rpcAs(host, ported, 'DeviceService.List')).status;
};

describe('an older install', () => {
  // Three hosts started one after the other: a loaded machine may take a minute.
  it(
    "takes in an older install's devices.json and subscriptions once, then leaves them",
    { timeout: 120_000 },
    async () => {
      const service = await pushService();
      const folder = await mkdtemp(join(tmpdir(), 'switchboard-host-'));
      const state = join(folder, 'state');
      await mkdir(join(state, 'push'), { recursive: true, mode: 0o700 });
      const id = '6f1c2a4e-8b3d-4f6a-9c2e-1d5b7a9e3f40';
      const secret = 'A'.repeat(43);
      const device = {
        id,
        name: 'Old\u202E tablet',
        createdAt: '2026-01-02T03:04:05.000Z',
        lastSeen: '2026-01-03T03:04:05.000Z',
        secretHash: createHash('sha256').update(secret).digest('base64url'),
      };
      await writeFile(join(state, 'devices.json'), JSON.stringify([device]), { mode: 0o600 });
      const old = service.device('/push/old');
      const subscription = { ...old.subscription, createdAt: '2026-01-02T03:04:05.000Z' };
      await writeFile(join(state, 'push', 'subscriptions.json'), JSON.stringify([subscription]));
      const cookie = `switchboard_0=d.${id}.${secret}`;

      const env = { SWITCHBOARD_PUSH_LOOPBACK: '1' };
      const config = configText({ a: ['--session'] });
      const first = await start(config, [], env, { folder });
      expect(await listed(first)).toMatchObject([
        { id, name: 'Old tablet', createdAt: device.createdAt },
      ]);
      expect(await statusOf(first, cookie)).toBe(200);
      expect(await readdir(state)).not.toContain('devices.json');
      expect(await readdir(join(state, 'push'))).not.toContain('subscriptions.json');
      const chat = new ChatClient(await first.connect());
      await chat.answer('a', await chat.send('a', 'hello'));
      await expect.poll(() => service.received.map((push) => push.path)).toEqual(['/push/old']);
      expect(old.read(service.received[0]!)).toMatchObject({ kind: 'turn', agent: 'a' });
      await first.stop();

      // Revoked, it stays revoked: the old file is not read again.
      const second = await start(config, [], env, { folder });
      expect((await second.rpc('DeviceService.Revoke', [id])).error).toBeUndefined();
      await second.stop();
      const third = await start(config, [], env, { folder });
      expect(await listed(third)).toEqual([]);
      expect(await statusOf(third, cookie)).toBe(401);
    },
  );
});
