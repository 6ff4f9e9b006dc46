import { describe, expect, it } from 'vitest';
import { minters, PairingCodes, pairingCodeLifetimeMs } from '../../../host/access/PairingCodes.ts';
import { sessionValue } from '../../../host/access/token.ts';
import { translate } from '../../../host/i18n.ts';
import {
  accessServerPerTest,
  errorOf,
  send,
  stateFolder,
  token,
  openDevices,
  upgrade,
} from './accessHarness.ts';

const open = accessServerPerTest();

/** A server that pairs with codes of a simulated clock, and its devices. */
async function pairingServer(failureLimit = { max: 10, windowMs: 60_000 }) {
  const clock = { now: 0 };
  const pairing = new PairingCodes(() => clock.now);
  const { devices } = openDevices(await stateFolder());
  const server = await open({ pairing, devices, failureLimit });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    send(
      server.port,
      '/api/pair',
      { 'content-type': 'application/json', ...headers },
      { method: 'POST', body: JSON.stringify(body) },
    );
  return { ...server, clock, pairing, devices, post };
}

const cookieOf = (setCookie: string[] | undefined) => (setCookie?.[0] ?? '').split(';', 1)[0]!;

describe('pairing a device with a one-time code (POST /api/pair)', () => {
  it('pairs the device that sends a code, with a cookie of its own that opens /api', async () => {
    const { port, pairing, devices, post } = await pairingServer();
    const { code } = pairing.issue(minters.owner);
    const answer = await post({ code, name: 'Kitchen iPad' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(answer.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^switchboard_${port}=d\\.[\\w-]{36}\\.[\\w-]{43}$`));
    const { device } = JSON.parse(answer.body) as { device: string };
    expect(devices.list().map(({ id, name }) => ({ id, name }))).toEqual([
      { id: device, name: 'Kitchen iPad' },
    ]);
    expect((await send(port, '/api/ping', { cookie })).status).toBe(200);
    // Revoked, its cookie opens nothing.
    devices.revoke(device);
    expect((await send(port, '/api/ping', { cookie })).status).toBe(401);
  });

  it('refuses a code used twice, one 10 minutes old, one never given: failed attempts', async () => {
    const { clock, pairing, post } = await pairingServer();
    const { code } = pairing.issue(minters.owner);
    expect((await post({ code, name: 'A' })).status).toBe(200);
    const twice = await post({ code, name: 'B' });
    expect(twice.status).toBe(401);
    expect(errorOf(twice)).toBe(translate('en', 'access.wrongCode'));
    expect(twice.headers['set-cookie']).toBeUndefined();
    const late = pairing.issue(minters.owner);
    clock.now += pairingCodeLifetimeMs;
    expect((await post({ code: late.code, name: 'C' })).status).toBe(401);
    expect((await post({ code: 'ABCDEFGHJK', name: 'D' })).status).toBe(401);
  });

  it('is limited like failed logins: a guesser is refused, the right code too meanwhile', async () => {
    const { pairing, post } = await pairingServer({ max: 3, windowMs: 60_000 });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post({ code: `WRONG${attempt}`, name: 'x' })).status).toBe(401);
    }
    const { code } = pairing.issue(minters.owner);
    const refused = await post({ code, name: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('takes no request from another site, nor a malformed one', async () => {
    const { port, pairing, post } = await pairingServer();
    const { code } = pairing.issue(minters.owner);
    const forged = await post({ code, name: 'x' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    // The code was not spent by the refused request.
    for (const body of [{}, { code: 3 }, { code, name: 7 }, { code: 'x'.repeat(41) }, 'code']) {
      expect((await post(body)).status).toBe(400);
    }
    const ok = await post(
      { code },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
    );
    expect(ok.status).toBe(200);
    expect((await send(port, '/api/pair')).status).toBe(401); // only POST is public
  });
});

describe('browsers paired before devices had cookies of their own', () => {
  it('keep working as one device, made at their first request and given at the next page', async () => {
    const { port, devices } = await pairingServer();
    const old = `switchboard_${port}=${sessionValue(token)}`;
    const iPad = 'Mozilla/5.0 (iPad) Safari/1';
    // A WebSocket's upgrade cannot take a new cookie: it opens, as that device (revocable).
    const socket = await upgrade(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { cookie: old, 'user-agent': iPad },
    });
    expect(socket).toMatchObject({ opened: true });
    expect(devices.list().map(({ name }) => name)).toEqual(['Safari on iPad']);
    const page = await send(port, '/', { cookie: old, 'user-agent': iPad });
    const cookie = cookieOf(page.headers['set-cookie']);
    expect(cookie).toMatch(/=d\./);
    expect((await send(port, '/', { cookie: old })).headers['set-cookie']).toEqual(
      page.headers['set-cookie'],
    );
    expect(devices.list()).toHaveLength(1);
    expect((await send(port, '/api/ping', { cookie })).status).toBe(200);
  });
});

describe('the owner’s link (?token=)', () => {
  it('pairs a new device once, and leaves a paired one as it is', async () => {
    const { port, devices } = await pairingServer();
    const first = await send(port, `/?token=${token}`);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(devices.list()).toHaveLength(1);
    const again = await send(port, `/?token=${token}`, { cookie });
    expect(again.status).toBe(302);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(devices.list()).toHaveLength(1);
  });
});
