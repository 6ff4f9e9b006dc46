import type { Readable } from 'node:stream';

/** A line longer than the limit: never held whole, only its size and its two ends. */
export interface OversizedLine {
  bytes: number;
  /** Its first bytes (64 KiB) and its last (4 KiB), as text. */
  head: string;
  tail: string;
}

/** What {@link readBoundedLines} hands on. */
export interface LineSink {
  line(text: string): void;
  oversized(line: OversizedLine): void;
  /** The input ended (its last line, without a newline, was handed on first). */
  end(): void;
}

const headBytes = 64 * 1024;
const tailBytes = 4 * 1024;

/**
 * Reads `input` line by line (`\n`, a `\r` before it dropped), each line whole up to `maxBytes`:
 * past that a line is counted, not kept (where `readline` would hold all of it, however long),
 * and handed on as an {@link OversizedLine}.
 */
export function readBoundedLines(input: Readable, maxBytes: number, sink: LineSink): void {
  let parts: Buffer[] = [];
  let bytes = 0;
  /** The line in progress is over the limit: its head, and its last bytes so far. */
  let over: { head: Buffer; tail: Buffer } | undefined;

  const add = (piece: Buffer) => {
    bytes += piece.length;
    if (over) {
      const tail = Buffer.concat([over.tail, piece]);
      over.tail = tail.subarray(Math.max(0, tail.length - tailBytes));
      return;
    }
    parts.push(piece);
    if (bytes <= maxBytes) return;
    // Copies: views would keep the chunks they were cut from.
    const all = Buffer.concat(parts);
    over = {
      head: Buffer.from(all.subarray(0, headBytes)),
      tail: Buffer.from(all.subarray(-tailBytes)),
    };
    parts = [];
  };
  const finish = () => {
    if (over) {
      const [head, tail] = [over.head.toString('utf8'), over.tail.toString('utf8')];
      sink.oversized({ bytes, head, tail: tail.endsWith('\r') ? tail.slice(0, -1) : tail });
    } else {
      const text = Buffer.concat(parts, bytes).toString('utf8');
      sink.line(text.endsWith('\r') ? text.slice(0, -1) : text);
    }
    [parts, bytes, over] = [[], 0, undefined];
  };

  input.on('data', (chunk: Buffer) => {
    let from = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
      add(chunk.subarray(from, at));
      finish();
      from = at + 1;
    }
    if (from < chunk.length) add(chunk.subarray(from));
  });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    if (bytes > 0 || over) finish();
    sink.end();
  };
  input.once('end', end);
  input.once('close', end);
  input.once('error', end);
}
