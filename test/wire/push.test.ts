/**
 * Web Push through a real host (issue 16 item 3, CONTRACT.md §9): the host pushes to a push
 * service the test runs on 127.0.0.1 when an agent asks for permission, finishes a turn or
 * crashes — encrypted for the device's keys (decrypted here), signed with its VAPID key (checked
 * here) — drops a subscription its push service says is gone, and refuses endpoints that are not
 * a public push service's (SSRF). Which device a subscription belongs to: pushDevices.test.ts.
 */
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askPermission, ChatClient, script } from '../helpers/chat.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';
import { pushServicePerTest, vapidClaims, type ReceivedPush } from '../helpers/pushService.ts';

const start = hostPerTest();
const pushService = pushServicePerTest();

/** Atlas (`a`, a fake agent in session mode) and Boreas (`b`, which crashes once ready). */
function config(extra: string[] = []): string {
  const agent = (name: string, title: string, flags: string[]) => {
    const { command, args } = fakeAgentCommand(flags);
    return [
      `  ${name}:`,
      `    title: ${title}`,
      `    command: ${JSON.stringify(command)}`,
      `    args: ${JSON.stringify(args)}`,
    ];
  };
  return [
    'limits:',
    '  stopIdleAgentsAfter: 0',
    ...extra,
    'agents:',
    ...agent('a', 'Atlas', ['--session']),
    ...agent('b', 'Boreas', ['--crash-after-ready=300']),
    '',
  ].join('\n');
}

const loopback = { SWITCHBOARD_PUSH_LOOPBACK: '1' };
const ask = (toolCallId: string, title: string, kind = 'execute') =>
  askPermission({ toolCallId, title, kind });

const key = async (host: HostProcess) => (await host.rpc('PushService.Key')).result as string;

describe('Web Push to a push service run by the test', () => {
  it('pushes a permission request, the end of the turn and a crash, encrypted and signed', async () => {
    const service = await pushService();
    const host = await start(config(), [], loopback);
    const device = service.device('/push/tablet');
    expect(await host.rpc('PushService.Subscribe', [device.subscription])).toMatchObject({
      result: null,
    });
    const publicKey = await key(host);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const chat = new ChatClient(await host.connect());
    await chat.send('a', script(ask('run', 'Run ls -la')));
    const request = await chat.permission('a');
    await expect.poll(() => service.received.length).toBe(1);
    const first = service.received[0]!;
    expect(first.path).toBe('/push/tablet');
    expect(first.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high' });
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    expect(device.read(first)).toEqual({
      kind: 'permission',
      agent: 'a',
      title: 'Atlas asks for permission',
      body: 'Run ls -la',
      tag: `permission:${request.id}`,
      url: '/#/chat/a',
      waiting: 1,
    });
    const claims = vapidClaims(first, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toMatch(/^(mailto|https):/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    await chat.wire.call('ChatService.AnswerPermission', [request.id, 'yes']);
    await expect.poll(() => service.received.length).toBe(2);
    const turn = device.read(service.received[1]!);
    expect(turn).toMatchObject({ kind: 'turn', agent: 'a', title: 'Atlas has answered' });
    expect(turn.body).toBe('permission: selected yes');
    expect(turn.waiting).toBe(0);

    await host.rpc('AgentService.Start', ['b']);
    await expect.poll(() => service.received.length).toBe(3);
    expect(device.read(service.received[2]!)).toMatchObject({
      kind: 'crash',
      agent: 'b',
      title: 'Boreas stopped with an error',
      tag: 'crash:b',
      url: '/#/chat/b',
    });
    expect(vapidClaims(service.received[2]!, publicKey).aud).toBe(service.origin);
  });

  it('says nothing of a request a rule answered, and drops a device whose service says 410', async () => {
    const service = await pushService();
    const host = await start(
      config(['permissions:', '  - kind: read', '    answer: allow']),
      [],
      loopback,
    );
    const kept = service.device('/push/kept');
    const gone = service.device('/push/gone');
    service.answer('/push/gone', 410);
    for (const device of [kept, gone]) {
      expect((await host.rpc('PushService.Subscribe', [device.subscription])).error).toBe(
        undefined,
      );
    }
    const chat = new ChatClient(await host.connect());
    const id = await chat.send('a', script(ask('look', 'Read notes.md', 'read'), { text: 'Done' }));
    await chat.answer('a', id);
    const paths = (pushes: ReceivedPush[]) => pushes.map((push) => push.path).sort();
    await expect.poll(() => paths(service.received)).toEqual(['/push/gone', '/push/kept']);
    // The answered request was never pushed: only the end of the turn was, to each device.
    const forGone = service.received.filter((push) => push.path === '/push/gone');
    expect(forGone.map((push) => gone.read(push))).toMatchObject([
      { kind: 'turn', body: 'permission: selected yesDone' },
    ]);
    const forKept = service.received.filter((push) => push.path === '/push/kept');
    expect(forKept.map((push) => kept.read(push))).toMatchObject([
      { kind: 'turn', body: 'permission: selected yesDone' },
    ]);
    // The 410 dropped that device: the next turn is told to the other alone.
    const second = await chat.send('a', 'hello');
    await chat.answer('a', second);
    await expect.poll(() => service.received.length).toBe(3);
    expect(service.received[2]!.path).toBe('/push/kept');
  });

  it('keeps its VAPID keys in the state dir (0600) across restarts', async () => {
    const first = await start(config());
    const publicKey = await key(first);
    const file = join(first.folder, 'state', 'push', 'vapid.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ publicKey });
    await first.stop();
    const again = await start(config(), [], {}, { folder: first.folder });
    expect(await key(again)).toBe(publicKey);
  });
});

/** A subscription's keys, valid, for endpoints that must be refused before any key is looked at. */
const keys = {
  p256dh: 'BB5vSCo9BIEs5UwKcMOK5s5qEyF9VKZWxpCPTUPO5TZx_5mE_iB00KMObJpLwgp4lWmGMHxGWlkTSWV1gL8KtOM',
  auth: 'rHhTSxsVvbA7zBBxu7oa0g',
};

describe('which subscriptions the host takes', () => {
  it('refuses endpoints that are not a public push service (SSRF), and bad keys', async () => {
    const host = await start(config());
    const subscribe = async (endpoint: string, withKeys = keys) =>
      (await host.rpc('PushService.Subscribe', [{ endpoint, keys: withKeys }])).error;
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://[::ffff:7f00:1]/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://2130706433/push',
      'https://0x7f.1/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com.evil.example/w',
      'https://router.local/push',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await subscribe(endpoint), endpoint).toMatchObject({ code: -32602 });
    }
    // Right shape, wrong key: not a point of P-256.
    const offCurve = { ...keys, p256dh: `BA${'A'.repeat(85)}` };
    expect(await subscribe('https://fcm.googleapis.com/fcm/send/x', offCurve)).toMatchObject({
      code: -32602,
      message: expect.stringContaining('P-256') as string,
    });
    // Sizes and shapes are the schema's.
    for (const params of [
      [{ endpoint: 'https://fcm.googleapis.com/x', keys, extra: 1 }],
      [{ endpoint: `https://fcm.googleapis.com/${'x'.repeat(2100)}`, keys }],
      [{ endpoint: 'https://fcm.googleapis.com/x', keys: { ...keys, auth: 'short' } }],
      [{ endpoint: 'https://fcm.googleapis.com/x' }],
      ['https://fcm.googleapis.com/x'],
    ]) {
      expect((await host.rpc('PushService.Subscribe', params)).error).toMatchObject({
        code: -32602,
      });
    }
  });

  it('takes the push services of the browsers, and the same endpoint again', async () => {
    const host = await start(config());
    const subscribe = async (endpoint: string) =>
      (await host.rpc('PushService.Subscribe', [{ endpoint, keys, expirationTime: null }])).error;
    const services = [
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QK6JdqWV',
      'https://fcm.googleapis.com/fcm/send/x',
    ];
    for (const endpoint of services) expect(await subscribe(endpoint), endpoint).toBeUndefined();
    // The same device again renews its subscription.
    expect(await subscribe(services[0]!)).toBeUndefined();
    expect((await host.rpc('PushService.Unsubscribe', [services[1]])).error).toBeUndefined();
  });

  it('lets loopback in only with the tests option, and nothing else internal', async () => {
    const host = await start(config(), [], loopback);
    const subscribe = async (endpoint: string) =>
      (await host.rpc('PushService.Subscribe', [{ endpoint, keys }])).error;
    expect(await subscribe('http://127.0.0.1:9/push')).toBeUndefined();
    expect(await subscribe('http://localhost:9/push')).toBeUndefined();
    for (const endpoint of [
      'http://10.0.0.1/push',
      'http://169.254.169.254/latest',
      'http://localhost.evil.example/push',
      'http://[::1]:9/push',
      'ftp://127.0.0.1/push',
    ]) {
      expect(await subscribe(endpoint), endpoint).toMatchObject({ code: -32602 });
    }
  });
});
