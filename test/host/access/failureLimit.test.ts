import { describe, expect, it } from 'vitest';
import { FailureLimiter } from '../../../host/access/FailureLimiter.ts';
import { translate } from '../../../host/i18n.ts';
import { accessServerPerTest, errorOf, send, token, upgrade } from './accessHarness.ts';

const open = accessServerPerTest();
const bearer = { authorization: `Bearer ${token}` };

async function statuses(
  port: number,
  count: number,
  path: string,
  headers = {},
): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < count; index += 1) {
    answers.push((await send(port, path, headers)).status);
  }
  return answers;
}

describe('failed attempts over the wire', () => {
  it('answers 429 after 10 failures in a minute, with Retry-After and a sentence', async () => {
    const { port } = await open();
    expect(await statuses(port, 10, '/api/ping', { authorization: 'Bearer guess' })).toEqual(
      Array<number>(10).fill(401),
    );
    const answer = await send(port, '/api/ping');
    expect(answer.status).toBe(429);
    const seconds = Number(answer.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(errorOf(answer)).toBe(translate('en', 'access.tooManyAttempts', { seconds }));
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws`)).toEqual({ opened: false, status: 429 });
  });

  it('counts wrong pairing links too', async () => {
    const { port } = await open();
    expect(await statuses(port, 10, '/?token=guess')).toEqual(Array<number>(10).fill(401));
    expect((await send(port, '/?token=guess')).status).toBe(429);
    expect((await send(port, `/?token=${token}`)).status).toBe(429);
  });

  it('never limits successes, nor counts them', async () => {
    const { port } = await open({ failureLimit: { max: 3, windowMs: 60_000 } });
    expect(new Set(await statuses(port, 50, '/api/ping', bearer))).toEqual(new Set([200]));
    expect(await statuses(port, 3, '/api/ping')).toEqual([401, 401, 401]);
  });

  it('does not count refusals of Host or Origin, nor public pages', async () => {
    const { port } = await open({ failureLimit: { max: 3, windowMs: 60_000 } });
    await statuses(port, 5, '/api/ping', { host: 'evil.example' });
    await statuses(port, 5, '/api/ping', { origin: 'http://evil.example' });
    await statuses(port, 5, '/');
    expect((await send(port, '/api/ping')).status).toBe(401);
  });

  it('does not compare the token while refused, yet lets a paired app through', async () => {
    let now = 1_000_000;
    const { port } = await open({ failureLimit: { max: 3, windowMs: 60_000 }, now: () => now });
    const pairing = await send(port, `/?token=${token}`);
    const cookie = (pairing.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '';
    await statuses(port, 3, '/api/ping');
    // A 200 among the 429s would tell a guesser that this guess was right.
    expect((await send(port, '/api/ping', bearer)).status).toBe(429);
    expect(await upgrade(`ws://127.0.0.1:${port}/api/ws?token=${token}`)).toEqual({
      opened: false,
      status: 429,
    });
    expect((await send(port, '/api/ping', { cookie })).status).toBe(200);
    now += 59_000;
    expect((await send(port, '/api/ping')).headers['retry-after']).toBe('1');
    now += 1_000;
    expect((await send(port, '/api/ping', bearer)).status).toBe(200);
    expect((await send(port, '/api/ping')).status).toBe(401);
  });
});

describe('FailureLimiter', () => {
  it('refuses from the max-th failure until the window ends', () => {
    let now = 0;
    const limiter = new FailureLimiter({ max: 2, windowMs: 100 }, () => now);
    expect(limiter.fail('a')).toBe(false);
    expect(limiter.blockedFor('a')).toBe(0);
    expect(limiter.fail('a')).toBe(true);
    expect(limiter.blockedFor('a')).toBe(100);
    expect(limiter.blockedFor('b')).toBe(0);
    now = 60;
    expect(limiter.blockedFor('a')).toBe(40);
    now = 100;
    expect(limiter.blockedFor('a')).toBe(0);
    expect(limiter.fail('a')).toBe(false);
  });

  it('keeps at most its capacity of addresses, dropping the oldest windows', () => {
    let now = 0;
    const limiter = new FailureLimiter({ max: 1, windowMs: 1_000 }, () => now, 3);
    for (const address of ['a', 'b', 'c', 'd']) {
      limiter.fail(address);
      now += 1;
    }
    expect(limiter.blockedFor('a')).toBe(0);
    expect(['b', 'c', 'd'].map((address) => limiter.blockedFor(address) > 0)).toEqual([
      true,
      true,
      true,
    ]);
  });
});
