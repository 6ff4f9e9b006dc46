/**
 * Web Push subscriptions belong to the device that made them (issue 31 item 2): they go with its
 * revocation, count against its own slots, and only it (or the owner, with the token) removes
 * them. Through a real host, to a push service the test runs on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { ChatClient } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { connectAs, listed, pairDevice, rpcAs } from '../helpers/devices.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';
import { pushServicePerTest, type TestPushService } from '../helpers/pushService.ts';

const start = hostPerTest();
const pushService = pushServicePerTest();
const loopback = { SWITCHBOARD_PUSH_LOOPBACK: '1' };

/** A host with one fake agent `a`, its owner's chat, and two paired devices' cookies. */
async function hostWithDevices(): Promise<{
  host: HostProcess;
  chat: ChatClient;
  service: TestPushService;
  tablet: string;
  laptop: string;
}> {
  const service = await pushService();
  const host = await start(configText({ a: ['--session'] }), [], loopback);
  const owner = await host.connect();
  const tablet = await pairDevice(host, owner, 'Tablet');
  const laptop = await pairDevice(host, owner, 'Laptop');
  return { host, chat: new ChatClient(owner), service, tablet, laptop };
}

/** Subscribes `path` of the push service as the device of `cookie` (its own socket). */
async function subscribeAs(
  host: HostProcess,
  service: TestPushService,
  cookie: string,
  path: string,
) {
  const device = await connectAs(host, cookie);
  const answer = await device.call('PushService.Subscribe', [service.device(path).subscription]);
  expect(answer.error).toBeUndefined();
  device.close();
}

/**
 * Ends one turn of `a`, then waits until `path` heard of it (`count` pushes in all): a push to
 * any other subscription of the same turn was sent in the same batch.
 */
async function turnHeardBy(
  chat: ChatClient,
  service: TestPushService,
  path: string,
  count: number,
): Promise<void> {
  const id = await chat.send('a', 'hello');
  await chat.answer('a', id);
  await expect.poll(() => service.received.filter((push) => push.path === path).length).toBe(count);
}

const heard = (service: TestPushService, path: string) =>
  service.received.filter((push) => push.path === path).length;

describe('a subscription belongs to its device', () => {
  it('goes with the device: a revoked device hears nothing after Revoke', async () => {
    const { host, chat, service, tablet, laptop } = await hostWithDevices();
    await subscribeAs(host, service, tablet, '/push/tablet');
    await subscribeAs(host, service, laptop, '/push/laptop');
    await turnHeardBy(chat, service, '/push/tablet', 1);
    const id = (await listed(host)).find(({ name }) => name === 'Tablet')!.id;
    expect((await host.rpc('DeviceService.Revoke', [id])).error).toBeUndefined();

    // Two turns: a push to the tablet, sent beside the laptop's first, would be there by its second.
    await turnHeardBy(chat, service, '/push/laptop', 2);
    await turnHeardBy(chat, service, '/push/laptop', 3);
    expect(heard(service, '/push/tablet')).toBe(1);
  });

  it('is removed by its device or the owner, never by another device', async () => {
    const { host, chat, service, tablet, laptop } = await hostWithDevices();
    await subscribeAs(host, service, tablet, '/push/tablet');
    const endpoint = service.device('/push/tablet').subscription.endpoint;

    // Over its socket or POST /api/rpc with its cookie, the laptop cannot remove the tablet's.
    const laptopSocket = await connectAs(host, laptop);
    await laptopSocket.call('PushService.Unsubscribe', [endpoint]);
    await rpcAs(host, laptop, 'PushService.Unsubscribe', [endpoint]);
    await turnHeardBy(chat, service, '/push/tablet', 1);

    // The owner can.
    await host.rpc('PushService.Unsubscribe', [endpoint]);
    await subscribeAs(host, service, laptop, '/push/laptop');
    await turnHeardBy(chat, service, '/push/laptop', 1);
    await turnHeardBy(chat, service, '/push/laptop', 2);
    expect(heard(service, '/push/tablet')).toBe(1);

    // And the device itself: subscribed again, then unsubscribed over its own socket.
    await subscribeAs(host, service, tablet, '/push/tablet');
    const tabletSocket = await connectAs(host, tablet);
    expect((await tabletSocket.call('PushService.Unsubscribe', [endpoint])).error).toBeUndefined();
    await turnHeardBy(chat, service, '/push/laptop', 3);
    await turnHeardBy(chat, service, '/push/laptop', 4);
    expect(heard(service, '/push/tablet')).toBe(1);
  });

  it("counts against its device's own slots: a device's sixth drops its oldest, no other's", async () => {
    const { host, chat, service, tablet, laptop } = await hostWithDevices();
    await subscribeAs(host, service, laptop, '/push/laptop');
    for (let n = 1; n <= 6; n++) await subscribeAs(host, service, tablet, `/push/tablet/${n}`);
    // Another device, and the owner, still subscribe as many as they may.
    for (let n = 1; n <= 5; n++) {
      const owned = service.device(`/push/owner/${n}`).subscription;
      expect((await host.rpc('PushService.Subscribe', [owned])).error).toBeUndefined();
    }

    await turnHeardBy(chat, service, '/push/laptop', 1);
    await turnHeardBy(chat, service, '/push/laptop', 2);
    const paths = new Set(service.received.map((push) => push.path));
    expect([...paths].sort()).toEqual([
      '/push/laptop',
      '/push/owner/1',
      '/push/owner/2',
      '/push/owner/3',
      '/push/owner/4',
      '/push/owner/5',
      '/push/tablet/2',
      '/push/tablet/3',
      '/push/tablet/4',
      '/push/tablet/5',
      '/push/tablet/6',
    ]);
  });
});
