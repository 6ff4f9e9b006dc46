import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, testToken } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const listBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'AgentService.List', params: [] });

/** A raw HTTP request, so that Host and Origin are exactly what the test says. */
function raw(
  base: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: body ? 'POST' : 'GET', headers, setHost: !headers.host },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const upgrade = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.terminate();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(0));
  });

describe('access to a real host (CONTRACT.md §4)', () => {
  it('answers 401 without the token, on HTTP and on the WebSocket upgrade', async () => {
    const host = await start(configText({ a: [] }));
    const ws = `${host.base.replace('http', 'ws')}/api/ws`;
    expect(
      (await raw(host.base, '/api/rpc', { 'content-type': 'application/json' }, listBody)).status,
    ).toBe(401);
    expect(
      (await raw(host.base, '/api/rpc', { authorization: 'Bearer wrong' }, listBody)).status,
    ).toBe(401);
    expect(await upgrade(ws)).toBe(401);
    expect(await upgrade(`${ws}?token=wrong`)).toBe(401);
    expect(await upgrade(`${ws}?token=${testToken}`)).toBe(101);
    expect(await upgrade(ws, { authorization: `Bearer ${testToken}` })).toBe(101);
    // The app's files are public: the installed app opens offline and asks to pair.
    expect((await raw(host.base, '/', {})).status).toBe(200);
  });

  it('pairs a browser with the cookie flow: cookie set, redirect without the token', async () => {
    const host = await start(configText({ a: [] }));
    const paired = await raw(host.base, `/?token=${testToken}&tab=agents`, {});
    expect(paired.status).toBe(302);
    expect(paired.headers.location).toBe('/?tab=agents');
    const setCookie = String(paired.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toContain(testToken);
    const cookie = setCookie.split(';')[0]!;
    const listed = await raw(
      host.base,
      '/api/rpc',
      { cookie, 'content-type': 'application/json' },
      listBody,
    );
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.text)).toMatchObject({ result: [{ name: 'a' }] });
    expect(await upgrade(`${host.base.replace('http', 'ws')}/api/ws`, { cookie })).toBe(101);
  });

  it('refuses a foreign Origin and a foreign Host with 403, WebSocket hijacking included', async () => {
    const host = await start(configText({ a: [] }));
    const bearer = { authorization: `Bearer ${testToken}` };
    const port = new URL(host.base).port;
    expect(
      (await raw(host.base, '/api/rpc', { ...bearer, origin: 'https://evil.example' }, listBody))
        .status,
    ).toBe(403);
    expect(
      (await raw(host.base, '/api/rpc', { ...bearer, host: `evil.example:${port}` }, listBody))
        .status,
    ).toBe(403);
    expect(
      await upgrade(`${host.base.replace('http', 'ws')}/api/ws`, {
        ...bearer,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    expect(
      (
        await raw(
          host.base,
          '/api/rpc',
          { ...bearer, host: `localhost:${port}`, origin: `http://localhost:${port}` },
          listBody,
        )
      ).status,
    ).toBe(200);
  });

  it('refuses the same host and port under another scheme', async () => {
    const host = await start(configText({ a: [] }));
    const bearer = { authorization: `Bearer ${testToken}` };
    const secure = host.base.replace('http:', 'https:');
    expect((await raw(host.base, '/api/rpc', { ...bearer, origin: secure }, listBody)).status).toBe(
      403,
    );
    const ws = `${host.base.replace('http', 'ws')}/api/ws`;
    expect(await upgrade(ws, { ...bearer, origin: secure })).toBe(403);
    expect(await upgrade(ws, { ...bearer, origin: host.base })).toBe(101);
  });

  it('lets a name listed in allowedHosts in', async () => {
    const host = await start(`allowedHosts: [mybox.example]\n${configText({ a: [] })}`);
    const port = new URL(host.base).port;
    const response = await raw(
      host.base,
      '/api/rpc',
      { authorization: `Bearer ${testToken}`, host: `mybox.example:${port}` },
      listBody,
    );
    expect(response.status).toBe(200);
  });

  it('never writes the token in its output, but the ready line, even logging every request', async () => {
    const host = await start(configText({ a: [] }), [], { SWITCHBOARD_LOG_LEVEL: 'info' });
    await raw(host.base, `/?token=${testToken}`, {});
    await raw(host.base, '/?token=wrong-guess', {});
    await upgrade(`${host.base.replace('http', 'ws')}/api/ws?token=${testToken}`);
    await raw(host.base, `/api/rpc?token=${testToken}`, {}, '{');
    const lines = host
      .output()
      .split('\n')
      .filter((line) => line.includes(testToken));
    expect(lines).toEqual([expect.stringMatching(/^Switchboard ready at /) as string]);
  });
});
