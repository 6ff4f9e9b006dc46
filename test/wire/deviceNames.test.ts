/**
 * What a device is called and how many a browser makes (issue 31 item 8, issue 32 item 6),
 * through a real host: names cleaned of controls and invisible formatting, the cookie of a browser
 * paired before devices made one device however often it is sent, and a default name in the
 * configuration's language.
 */
import { describe, expect, it } from 'vitest';
import { sessionValue } from '../../host/access/token.ts';
import { configText } from '../helpers/configHarness.ts';
import { cookieOf, listed, postPairing, rpcAs, type Offer } from '../helpers/devices.ts';
import { hostPerTest, testToken, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const pairNamed = async (host: HostProcess, name: string, userAgent = chromeOnLinux) => {
  const { code } = (await host.rpc('DeviceService.Pair')).result as Offer;
  const answer = await fetch(`${host.base}/api/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.base, 'user-agent': userAgent },
    body: JSON.stringify({ code, name }),
  });
  expect(answer.status).toBe(200);
};

describe('device names', () => {
  it('lose control characters, bidirectional overrides and invisible formatting', async () => {
    const host = await start(configText({ a: [] }));
    await pairNamed(host, '\u202Eevil\u2066Tablet\u2069\u0007\u0085 \u200B  x\t\n');
    await pairNamed(host, '  Laptop\u200F\u061C\u00AD\uFEFF ');
    await pairNamed(host, '\u202E\u200B\u0000');
    expect((await listed(host)).map(({ name }) => name)).toEqual([
      'evilTablet x',
      'Laptop',
      'Chrome on Linux',
    ]);
    // The pairing route answers the same as the store keeps, whatever was sent.
    const { code } = (await host.rpc('DeviceService.Pair')).result as Offer;
    expect((await postPairing(host, code, 'a\u2028b\u2029c')).status).toBe(200);
    expect((await listed(host)).at(-1)!.name).toBe('a b c');
  });

  it('follow the configuration’s language by default', async () => {
    const host = await start(configText({ a: [] }, 'language: fr\n'));
    const link = await fetch(`${host.base}/?token=${testToken}`, {
      headers: { 'user-agent': chromeOnLinux },
      redirect: 'manual',
    });
    expect(link.status).toBe(302);
    await pairNamed(host, '', 'curl/8.5.0');
    expect((await listed(host)).map(({ name }) => name)).toEqual([
      'Chrome sous Linux',
      'Navigateur',
    ]);
  });
});

describe('the cookie of a browser paired before devices', () => {
  it('makes one device however many requests carry it, and no more once that one is revoked', async () => {
    const host = await start(configText({ a: [] }));
    const old = `switchboard_${new URL(host.base).port}=${sessionValue(testToken)}`;
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => rpcAs(host, old, 'DeviceService.List')),
    );
    for (let n = 0; n < 4; n++) statuses.push(await rpcAs(host, old, 'DeviceService.List'));
    const page = await fetch(`${host.base}/`, { headers: { cookie: old } });
    expect(statuses.map(({ status }) => status)).toEqual(Array(12).fill(200));
    expect(page.status).toBe(200);
    const devices = await listed(host);
    expect(devices).toHaveLength(1);

    // The device it became is the one its cookie is now; revoked, the old cookie opens nothing.
    const upgraded = cookieOf(page);
    expect((await rpcAs(host, upgraded, 'DeviceService.List')).status).toBe(200);
    expect((await host.rpc('DeviceService.Revoke', [devices[0]!.id])).error).toBeUndefined();
    expect((await rpcAs(host, upgraded, 'DeviceService.List')).status).toBe(401);
    expect((await rpcAs(host, old, 'DeviceService.List')).status).toBe(401);
    expect(await listed(host)).toEqual([]);
  });
});
