/**
 * Device changes are durable and ordered (issue 31 item 4): pairings and revocations raced, then
 * the host killed and started again, leave exactly what it answered.
 */
import { describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { cookieOf, listed, postPairing, rpcAs, type Offer } from '../helpers/devices.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** Whether the device of `cookie` is let in (200) or not (401), on `host`'s port. */
const statusOf = async (host: HostProcess, cookie: string) => {
  const ported = cookie.replace(/^switchboard_\d+=/, `switchboard_${new URL(host.base).port}=`);
  return (await rpcAs(host, ported, 'DeviceService.List')).status;
};

describe('devices across a restart', () => {
  // Two hosts started, fifty pairings: a loaded machine may take a minute.
  it(
    'keeps what the host answered when pairings and revocations race, even killed',
    { timeout: 120_000 },
    async () => {
      const config = configText({ a: [] });
      const first = await start(config);
      const codes = async (count: number) =>
        Promise.all(
          Array.from(
            { length: count },
            async () => ((await first.rpc('DeviceService.Pair')).result as Offer).code,
          ),
        );
      const pair = async (code: string, name: string) => {
        const answer = await postPairing(first, code, name);
        expect(answer.status).toBe(200);
        return { name, cookie: cookieOf(answer) };
      };
      type Paired = Awaited<ReturnType<typeof pair>>;
      const doomed: Paired[] = [];
      const kept: Paired[] = [];
      let previous: Paired[] = [];
      // Each round pairs ten devices while half of the last round's are revoked and the other half
      // seen for the first time (which writes their lastSeen): every change races the others.
      for (let round = 0; round < 5; round++) {
        const offered = await codes(10);
        const ids = new Map((await listed(first)).map(({ id, name }) => [name, id]));
        const [revoked, spared] = [
          previous.filter((_, n) => n % 2 === 0),
          previous.filter((_, n) => n % 2 === 1),
        ];
        const [, paired] = await Promise.all([
          Promise.all(
            revoked.map(async ({ name }) => {
              const answer = await first.rpc('DeviceService.Revoke', [ids.get(name)]);
              expect(answer.error).toBeUndefined();
            }),
          ),
          Promise.all(offered.map((code, n) => pair(code, `round ${round} device ${n}`))),
          // Not the revoked: a revoked cookie is a failed attempt, and ten block the address.
          Promise.all(
            spared.map(async ({ cookie }) => expect(await statusOf(first, cookie)).toBe(200)),
          ),
        ]);
        doomed.push(...revoked);
        kept.push(...spared);
        previous = paired;
      }
      kept.push(...previous);
      const served = (await listed(first)).map(({ name }) => name).sort();
      expect(served).toEqual(kept.map(({ name }) => name).sort());
      await first.kill();

      const again = await start(config, [], {}, { folder: first.folder });
      expect((await listed(again)).map(({ name }) => name).sort()).toEqual(served);
      for (const { cookie } of kept) expect(await statusOf(again, cookie)).toBe(200);
      for (const { cookie } of doomed.slice(-8)) expect(await statusOf(again, cookie)).toBe(401);
    },
  );
});
