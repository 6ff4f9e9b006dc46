/**
 * Streams an answer a few words at a time, the way a language model would, so
 * that a client shows it arriving and can cancel it halfway.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Splits `text` into chunks of `wordsPerChunk` words, each keeping the
 * whitespace that follows it, so that joining the chunks gives `text` back.
 *
 * @example
 * chunkWords('one two three', 2); // ['one two ', 'three']
 */
function chunkWords(text: string, wordsPerChunk = 4): string[] {
  const words = text.split(/(?<=\s)(?=\S)/);
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(''));
  }
  return chunks;
}

/**
 * Sends `text` through `send` in chunks of a few words, `delayMs` apart.
 * Rejects with an AbortError as soon as `signal` aborts.
 */
export async function streamText(
  text: string,
  send: (chunk: string) => Promise<void>,
  { signal, delayMs = 15 }: { signal?: AbortSignal; delayMs?: number } = {},
): Promise<void> {
  const chunks = chunkWords(text);
  for (const [index, chunk] of chunks.entries()) {
    signal?.throwIfAborted();
    await send(chunk);
    if (index < chunks.length - 1) await sleep(delayMs, undefined, { signal });
  }
}
