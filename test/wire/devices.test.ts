import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { connectAs, pairDevice, type Offer } from '../helpers/devices.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

describe('devices on the LAN (CONTRACT.md §9, DeviceService)', () => {
  it('gives a one-time pairing link of this host, valid 10 minutes', async () => {
    const host = await start(configText({ a: [] }));
    const owner = await host.connect();
    const before = Date.now();
    const offer = (await owner.call('DeviceService.Pair')).result as Offer;
    expect(offer.code).toMatch(/^[2-9A-Z]{10}$/);
    expect(offer.url).toBe(`${host.base}/pair?code=${offer.code}`);
    const lasts = Date.parse(offer.expiresAt) - before;
    expect(lasts).toBeGreaterThan(9.9 * 60_000);
    expect(lasts).toBeLessThanOrEqual(10 * 60_000 + 1000);
    // The link opens the app (which asks for a name), with the page's security headers.
    const page = await fetch(offer.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lists the paired devices, says which one asks, and cuts a revoked one at once', async () => {
    const host = await start(configText({ a: [] }));
    const owner = await host.connect();
    const tabletCookie = await pairDevice(host, owner, 'Tablet');
    const laptopCookie = await pairDevice(host, owner, 'Laptop');
    const tablet = await connectAs(host, tabletCookie);
    const laptop = await connectAs(host, laptopCookie);

    const listed = (await tablet.call('DeviceService.List')).result as {
      id: string;
      name: string;
      current: boolean;
      lastSeen: string;
    }[];
    expect(listed.map(({ name, current }) => ({ name, current }))).toEqual([
      { name: 'Tablet', current: true },
      { name: 'Laptop', current: false },
    ]);
    expect(Date.parse(listed[0]!.lastSeen)).toBeGreaterThan(Date.now() - 60_000);
    const closed = new Promise<number>((resolve) => tablet.socket.once('close', resolve));
    const revoked = await laptop.call('DeviceService.Revoke', [listed[0]!.id]);
    expect(revoked.error).toBeUndefined();
    expect(await closed).toBe(4401);
    // Its cookie opens nothing now; the other device goes on.
    await expect(connectAs(host, tabletCookie)).rejects.toThrow('upgrade refused: 401');
    const request = { jsonrpc: '2.0', id: 1, method: 'DeviceService.List', params: [] };
    const headers = { authorization: '', cookie: tabletCookie };
    expect((await host.post(JSON.stringify(request), headers)).status).toBe(401);
    expect((await laptop.call('DeviceService.List')).result).toHaveLength(1);
    expect((await laptop.call('DeviceService.Revoke', [listed[0]!.id])).error).toMatchObject({
      data: { kind: 'not-found' },
    });
    // The state database keeps a hash of each secret, never the secret.
    await host.stop();
    const file = await readFile(join(host.folder, 'state', 'conversations.db'));
    expect(file.includes(laptopCookie.split('.')[2]!)).toBe(false);
  });
});
