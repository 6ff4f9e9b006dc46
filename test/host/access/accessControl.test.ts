import { describe, expect, it } from 'vitest';
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
const bearer = { authorization: `Bearer ${token}` };

/** Pairs through `/?token=` and returns the `Cookie` header the browser would send back. */
async function pair(port: number): Promise<string> {
  const answer = await send(port, `/?token=${token}`);
  const setCookie = answer.headers['set-cookie']?.[0] ?? '';
  return setCookie.split(';', 1)[0] ?? '';
}

describe('the token on /api', () => {
  it('is needed: 401 with a JSON sentence from the locales', async () => {
    const { port } = await open();
    const answer = await send(port, '/api/ping');
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(answer)).toBe(translate('en', 'access.unauthorized'));
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('is accepted as Authorization: Bearer', async () => {
    const { port } = await open();
    const answer = await send(port, '/api/ping', bearer);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ pong: true });
    expect((await send(port, '/api/ping', { authorization: `bearer  ${token}` })).status).toBe(200);
  });

  it('is refused when wrong, a prefix of the right one, or in the query of a plain request', async () => {
    const { port } = await open();
    for (const authorization of [`Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, token]) {
      expect((await send(port, '/api/ping', { authorization })).status).toBe(401);
    }
    expect((await send(port, `/api/ping?token=${token}`)).status).toBe(401);
    expect((await send(port, `/api/ws?token=${token}`)).status).toBe(401);
  });

  it('guards every /api path, unknown ones and other methods included, before reading a body', async () => {
    const { port } = await open();
    expect((await send(port, '/api/nothing')).status).toBe(401);
    expect((await send(port, '/api/nothing', bearer)).status).toBe(404);
    expect((await send(port, '/api/rpc', {}, { method: 'POST' })).status).toBe(401);
    expect((await send(port, '/api')).status).toBe(401);
  });

  it('guards /api however the router may spell it', async () => {
    const routerOptions = { caseSensitive: false, ignoreDuplicateSlashes: true };
    const { port } = await open({}, { fastify: { routerOptions } });
    for (const path of [
      '/API/ping',
      '//api/ping',
      '/%61pi/ping',
      '/api//ping',
      '/api/ping;x',
      'http://x/api/ping',
    ]) {
      expect((await send(port, path)).status, path).toBe(401);
    }
    expect((await send(port, '/API/Ping', bearer)).status).toBe(200);
  });

  it('answers in the configured language', async () => {
    const { port } = await open({ language: () => 'fr' });
    expect(errorOf(await send(port, '/api/ping'))).toBe(translate('fr', 'access.unauthorized'));
  });

  it('leaves everything outside /api public', async () => {
    const { port } = await open();
    const page = await send(port, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Switchboard');
    expect((await send(port, '/app/main.js')).status).toBe(200);
    expect((await send(port, '/apiary')).status).toBe(404);
  });
});

describe('the WebSocket upgrade of /api/ws', () => {
  it('is refused with 401 before the upgrade without the token', async () => {
    const { port } = await open();
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws`)).toEqual({ opened: false, status: 401 });
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws?token=nope`)).toEqual({
      opened: false,
      status: 401,
    });
  });

  it('is refused the same when @fastify/websocket is registered first', async () => {
    const { port } = await open({}, { websocketFirst: true });
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws`)).toEqual({ opened: false, status: 401 });
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws?token=${token}`)).toEqual({
      opened: true,
      greeting: 'hello',
    });
  });

  it('opens with ?token=, with Bearer, or with the session cookie', async () => {
    const { port } = await open();
    const opened = { opened: true, greeting: 'hello' };
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws?token=${token}`)).toEqual(opened);
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws?since=3&token=${token}`)).toEqual(opened);
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws`, { headers: bearer })).toEqual(opened);
    const cookie = await pair(port);
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie } })).toEqual(opened);
  });
});

describe('pairing with /?token=', () => {
  it('sets an HttpOnly, SameSite=Strict cookie that is not the token, and redirects without it', async () => {
    const { port } = await open();
    const answer = await send(port, `/?token=${token}&view=chat`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/?view=chat');
    expect(answer.headers['cache-control']).toBe('no-store');
    const cookies = answer.headers['set-cookie'] ?? [];
    expect(cookies).toHaveLength(1);
    const attributes = (cookies[0] ?? '').split(/; */);
    expect(attributes[0]).toMatch(new RegExp(`^switchboard_${port}=d\\.[\\w-]{36}\\.[\\w-]{43}$`));
    expect(attributes[0]).not.toContain(token);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(attributes).not.toContain('Secure');
  });

  it('gives a cookie that opens /api, and that lasts beyond the browser session', async () => {
    const { port } = await open();
    const cookie = await pair(port);
    expect((await send(port, '/api/ping', { cookie })).status).toBe(200);
    expect((await send(port, '/api/ping', { cookie: `theme=dark; ${cookie}` })).status).toBe(200);
    const setCookie = (await send(port, `/?token=${token}`)).headers['set-cookie']?.[0];
    expect(setCookie).toMatch(/Max-Age=\d{6,}/);
  });

  it('gives a cookie that still works after a restart, so an installed app stays paired', async () => {
    const folder = await stateFolder();
    const before = openDevices(folder);
    const first = await open({ devices: before.devices });
    const cookie = await pair(first.port);
    await first.app.close();
    before.database.close();
    const second = await open({ devices: openDevices(folder).devices });
    const renamed = cookie.replace(/^switchboard_\d+/, `switchboard_${second.port}`);
    expect((await send(second.port, '/api/ping', { cookie: renamed })).status).toBe(200);
    // Another host (its own state) knows no such device.
    const other = await open();
    const forOther = cookie.replace(/^switchboard_\d+/, `switchboard_${other.port}`);
    expect((await send(other.port, '/api/ping', { cookie: forOther })).status).toBe(401);
  });

  it('marks the cookie Secure over TLS', async () => {
    const { port } = await open({ tls: true });
    const setCookie = (await send(port, `/?token=${token}`)).headers['set-cookie']?.[0];
    expect(setCookie?.split(/; */)).toContain('Secure');
  });

  it('works on any path of the app, and never redirects to another site', async () => {
    const { port } = await open();
    expect((await send(port, `/app/chat?a=1&token=${token}&b=2`)).headers.location).toBe(
      '/app/chat?a=1&b=2',
    );
    expect((await send(port, `//evil.example/?token=${token}`)).headers.location).toBe(
      '/evil.example/',
    );
  });

  it('refuses a wrong token with a 401 page and no cookie', async () => {
    const { port } = await open();
    const answer = await send(port, '/?token=wrong');
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe(translate('en', 'access.wrongToken'));
  });

  it('does not accept a cookie of another port or a forged one', async () => {
    const { port } = await open();
    const cookie = await pair(port);
    const value = cookie.split('=')[1] ?? '';
    expect((await send(port, '/api/ping', { cookie: `switchboard_1=${value}` })).status).toBe(401);
    expect((await send(port, '/api/ping', { cookie: `switchboard_${port}=${token}` })).status).toBe(
      401,
    );
  });
});
