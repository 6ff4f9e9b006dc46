import { connect } from 'node:net';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../host/i18n.ts';
import { accessServerPerTest, errorOf, send, token, upgrade } from './accessHarness.ts';

const open = accessServerPerTest();
const bearer = { authorization: `Bearer ${token}` };

/** The status line of the answer to raw request bytes. */
function rawStatusLine(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer.split('\r\n', 1)[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('the Origin check', () => {
  it('refuses a request from another site with 403, token or not', async () => {
    const { port } = await open();
    const answer = await send(port, '/api/ping', { ...bearer, origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toBe(
      translate('en', 'access.forbiddenOrigin', { origin: 'http://evil.example' }),
    );
    const page = await send(port, '/', { origin: 'http://evil.example' });
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses another port or scheme of the same machine, and the opaque origin', async () => {
    const { port } = await open();
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      'http://127.0.0.1',
      `https://127.0.0.1:${port}`,
      'null',
      'not a url',
    ]) {
      expect((await send(port, '/api/ping', { ...bearer, origin })).status, origin).toBe(403);
    }
  });

  it('accepts the site itself, and requests without Origin (curl, scripts)', async () => {
    const { port } = await open();
    const origin = `http://127.0.0.1:${port}`;
    expect((await send(port, '/api/ping', { ...bearer, origin })).status).toBe(200);
    const local = { ...bearer, host: `localhost:${port}`, origin: `http://LOCALHOST:${port}` };
    expect((await send(port, '/api/ping', local)).status).toBe(200);
    expect((await send(port, '/api/ping', bearer)).status).toBe(200);
  });

  it('refuses a cross-site WebSocket, even with the token (hijacking)', async () => {
    const { port } = await open();
    const url = `ws://127.0.0.1:${port}/api/ws?token=${token}`;
    expect(await upgrade(url, { origin: 'http://evil.example' })).toEqual({
      opened: false,
      status: 403,
    });
    expect(await upgrade(url, { origin: `http://127.0.0.1:${port}` })).toMatchObject({
      opened: true,
    });
  });
});

describe('the Host check', () => {
  it('refuses a name that is not this machine (DNS rebinding) with 403', async () => {
    const { port } = await open();
    for (const path of ['/', '/api/ping']) {
      const answer = await send(port, path, { ...bearer, host: 'evil.example' });
      expect(answer.status, path).toBe(403);
    }
    const answer = await send(port, '/api/ping', { ...bearer, host: `evil.example:${port}` });
    expect(errorOf(answer)).toBe(
      translate('en', 'access.forbiddenHost', { host: `evil.example:${port}` }),
    );
  });

  it('refuses a WebSocket upgrade sent under a foreign name', async () => {
    const { port } = await open();
    const url = `ws://127.0.0.1:${port}/api/ws?token=${token}`;
    expect(await upgrade(url, { headers: { host: 'evil.example' } })).toEqual({
      opened: false,
      status: 403,
    });
  });

  it('accepts localhost, loopback and this machine’s names, in any case, port or none', async () => {
    const { port } = await open();
    const name = hostname();
    for (const host of [
      `localhost:${port}`,
      'LocalHost',
      'localhost.',
      `127.0.0.1:${port}`,
      '127.1.2.3',
      `[::1]:${port}`,
      `[0:0::1]`,
      name,
      `${name.toUpperCase()}.local:${port}`,
    ]) {
      expect((await send(port, '/api/ping', { ...bearer, host })).status, host).toBe(200);
    }
  });

  it('refuses what only looks like this machine, and a request without Host', async () => {
    const { port } = await open();
    for (const host of [
      'evil.example@localhost',
      'localhost.evil.example',
      'localhost/x',
      '127.0.0.1.nip.io',
      '0.0.0.0',
    ]) {
      expect((await send(port, '/', { host })).status, host).toBe(403);
    }
    // Node refuses an HTTP/1.1 request without Host (requireHostHeader) before the hook runs.
    expect((await send(port, '/', {}, { setHost: false })).status).toBe(400);
    // HTTP/1.0 may omit it: then the hook refuses.
    expect(await rawStatusLine(port, 'GET / HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.[01] 403 /);
  });

  it('accepts the names of allowedHosts, read on each request', async () => {
    const allowed: string[] = [];
    const { port } = await open({ allowedHosts: () => allowed });
    const request = { ...bearer, host: `MyBox.Example:${port}` };
    expect((await send(port, '/api/ping', request)).status).toBe(403);
    allowed.push('mybox.example');
    expect((await send(port, '/api/ping', request)).status).toBe(200);
    allowed.push('fd00::7');
    expect((await send(port, '/api/ping', { ...bearer, host: '[FD00::0007]' })).status).toBe(200);
    allowed.length = 0;
    expect((await send(port, '/api/ping', request)).status).toBe(403);
  });

  it('checks Host before the token, so a foreign name learns nothing', async () => {
    const { port } = await open();
    expect((await send(port, '/api/ping', { host: 'evil.example' })).status).toBe(403);
    expect(
      (await send(port, `/?token=${token}`, { host: 'evil.example' })).headers,
    ).not.toHaveProperty('set-cookie');
  });
});
