import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accessLogSerializers } from '../../../host/access/logSerializers.ts';
import { accessServerPerTest, send, token, upgrade } from './accessHarness.ts';

const open = accessServerPerTest();

/** A log destination that keeps every line. */
function logLines(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { stream, text: () => lines.join('') };
}

/**
 * Requests that put the token, right or wrong, in the URL, a header or a cookie; returns the
 * session cookie's value.
 */
async function requestsCarryingTokens(port: number, wrong: string): Promise<string> {
  const pairing = await send(port, `/app/chat?token=${token}&view=1`);
  const cookie = (pairing.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '';
  await send(port, `/?TOKEN=${wrong}`);
  await send(port, `/api/ping?%74oken=${token}`, { authorization: `Bearer ${token}` });
  await send(port, `/api/boom?token=${token}`, { authorization: `Bearer ${token}` });
  await send(port, `/api/boom?token=${wrong}`, { cookie });
  await send(port, '/api/ping', { authorization: `Bearer ${wrong}` });
  await upgrade(`ws://127.0.0.1:${port}/api/ws?since=1&token=${token}`);
  await upgrade(`ws://127.0.0.1:${port}/api/ws?token=${wrong}`);
  await send(port, `/pair?code=SECRETCODE1`);
  return cookie.split('=')[1] ?? '';
}

describe('the log', () => {
  it('never holds the token, right or wrong, nor the session cookie', async () => {
    const log = logLines();
    const wrong = 'wrong-guess-1234';
    const { port, app } = await open(
      {},
      {
        fastify: {
          logger: { level: 'trace', stream: log.stream, serializers: accessLogSerializers },
        },
      },
    );
    const cookieValue = await requestsCarryingTokens(port, wrong);
    await app.close();
    const text = log.text();
    expect(cookieValue).toMatch(/^d\.[\w-]{36}\.[\w-]{43}$/);
    expect(text).toContain('"url":"/pair?code=[redacted]"');
    expect(text).not.toContain('SECRETCODE1');
    expect(text).toContain('incoming request');
    expect(text).toContain('"url":"/api/ws?since=1&token=[redacted]"');
    expect(text).toContain('"url":"/?TOKEN=[redacted]"');
    expect(text).toContain('"url":"/api/boom?token=[redacted]"');
    expect(text).toContain('boom');
    expect(text).not.toContain(token);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(cookieValue);
  });

  it('would hold it with Fastify’s own serializers (what the setting above prevents)', async () => {
    const log = logLines();
    const { port, app } = await open(
      {},
      { fastify: { logger: { level: 'info', stream: log.stream } } },
    );
    await send(port, `/?token=${token}`);
    await app.close();
    expect(log.text()).toContain(token);
  });
});
