/**
 * The ACP stream over an agent's stdio with frames over its 16 MiB limit: never held whole, the
 * agent answered, our requests failed, through real streams.
 */
import type { AnyMessage } from '@agentclientprotocol/sdk';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { acpStdio, maxLineLength } from '../../workers/acpStdio.ts';

function stdio() {
  const [stdin, stdout] = [new PassThrough(), new PassThrough()];
  const written: AnyMessage[] = [];
  let pending = '';
  stdin.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    written.push(...lines.map((line) => JSON.parse(line) as AnyMessage));
  });
  const stray: string[] = [];
  const stream = acpStdio(stdin, stdout, (line) => stray.push(line));
  const reader = stream.readable.getReader();
  const writer = stream.writable.getWriter();
  return { stdout, written, stray, reader, writer };
}

/** A frame of `bytes` bytes and its newline: `before` and `after` around a padded string. */
const frame = (before: string, after: string, bytes: number) =>
  `${before}"${'x'.repeat(bytes - before.length - after.length - 2)}"${after}\n`;

/** Writes `text` in 1 MiB pieces, as a pipe would. */
function feed(stdout: PassThrough, text: string): void {
  for (let at = 0; at < text.length; at += 2 ** 20) stdout.write(text.slice(at, at + 2 ** 20));
}

describe('the ACP stream of an agent, past its frame limit', () => {
  it('answers a request too large to read with an error, and fails the turn in progress', async () => {
    const { stdout, written, stray, reader, writer } = stdio();
    const prompt = { jsonrpc: '2.0', id: 0, method: 'session/prompt', params: { sessionId: 's1' } };
    await writer.write(prompt as AnyMessage);
    const head =
      '{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"sessionId":"s1","message":';
    feed(stdout, frame(head, '}}', maxLineLength + 100));
    const failed = await reader.read();
    expect(failed.value).toMatchObject({
      id: 0,
      error: { code: -32600, data: { kind: 'oversized', bytes: maxLineLength + 100 } },
    });
    await expect.poll(() => written.length).toBe(3);
    expect(written.slice(1)).toMatchObject([
      { id: 7, error: { code: -32600, data: { kind: 'oversized' } } },
      { method: 'session/cancel', params: { sessionId: 's1' } },
    ]);
    expect(stray).toEqual([expect.stringMatching(/bytes, over the limit\)$/)]);

    // The agent's late answer to the failed prompt is dropped; what follows goes on.
    stdout.write('{"jsonrpc":"2.0","id":0,"result":{"stopReason":"cancelled"}}\n');
    stdout.write(
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}}}\n',
    );
    expect((await reader.read()).value).toMatchObject({ method: 'session/update' });
  });

  it('fails the request an oversized response answers, its id written last', async () => {
    const { stdout, reader, writer } = stdio();
    await writer.write({ jsonrpc: '2.0', id: 3, method: 'session/new', params: {} });
    feed(stdout, frame('{"jsonrpc":"2.0","result":{"pad":', '},"id":3}', maxLineLength + 1));
    expect((await reader.read()).value).toMatchObject({
      id: 3,
      error: { data: { kind: 'oversized' } },
    });
  });
});
