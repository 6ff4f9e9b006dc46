/**
 * Pairing codes through a real host (issue 31 item 3): a code dies with the device that asked
 * for it, and codes asked for by devices never push out the owner's.
 */
import { describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { connectAs, listed, pairDevice, postPairing, type Offer } from '../helpers/devices.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

describe('a pairing code', () => {
  it('asked for by a device is refused once that device is revoked', async () => {
    const host = await start(configText({ a: [] }));
    const owner = await host.connect();
    const tablet = await connectAs(host, await pairDevice(host, owner, 'Tablet'));
    const offer = (await tablet.call('DeviceService.Pair')).result as Offer;
    const kept = (await tablet.call('DeviceService.Pair')).result as Offer;
    const id = (await listed(host)).find(({ name }) => name === 'Tablet')!.id;
    expect((await owner.call('DeviceService.Revoke', [id])).error).toBeUndefined();

    expect((await postPairing(host, offer.code, 'Tablet again')).status).toBe(401);
    expect((await postPairing(host, kept.code, 'Tablet again')).status).toBe(401);
    expect((await listed(host)).map(({ name }) => name)).toEqual([]);
  });

  it("asked for by a device, however many, leaves the owner's waiting code working", async () => {
    const host = await start(configText({ a: [] }));
    const owner = await host.connect();
    const offer = (await owner.call('DeviceService.Pair')).result as Offer;
    const tablet = await connectAs(host, await pairDevice(host, owner, 'Tablet'));
    const theirs: Offer[] = [];
    for (let n = 0; n < 30; n++)
      theirs.push((await tablet.call('DeviceService.Pair')).result as Offer);

    expect((await postPairing(host, offer.code, 'Laptop')).status).toBe(200);
    // The device's own most recent codes still work.
    expect((await postPairing(host, theirs.at(-1)!.code, 'Phone')).status).toBe(200);
    expect((await listed(host)).map(({ name }) => name)).toEqual(['Tablet', 'Laptop', 'Phone']);
  });
});
