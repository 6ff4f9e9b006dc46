/** Chunks smaller than this (and than the limit) are copied together into blocks of {@link blockBytes}. */
const smallChunk = 16 * 1024;
const blockBytes = 64 * 1024;

/**
 * What a terminal's command wrote, its last `limit` bytes at the most: what comes past the limit
 * pushes the oldest out (ACP's `outputByteLimit`: truncated from the beginning, on a character
 * boundary). See https://agentclientprotocol.com/protocol/v1/terminals#getting-output
 *
 * It holds about `limit` bytes (a command that writes a byte at a time fills blocks, not a
 * buffer per byte), and copies only what a read returns: a flood costs neither memory nor a copy
 * of everything kept at each push, nor at each read of the view's tail.
 */
export class TerminalOutput {
  #chunks: Buffer[] = [];
  /** Bytes of the first chunk that were dropped already. */
  #skip = 0;
  /** The block small chunks are copied into, and how much of it is written. */
  #block: Buffer | undefined;
  #blockUsed = 0;
  /** Bytes kept, the block's included. */
  #bytes = 0;
  /** Bytes were dropped from the front. */
  #dropped = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (this.limit === 0) {
      this.#dropped ||= chunk.length > 0;
      return;
    }
    if (chunk.length >= Math.min(smallChunk, this.limit)) {
      this.#seal();
      this.#chunks.push(chunk);
    } else {
      if (!this.#block || this.#block.length - this.#blockUsed < chunk.length) {
        this.#seal();
        this.#block = Buffer.allocUnsafe(Math.min(blockBytes, this.limit));
      }
      this.#blockUsed += chunk.copy(this.#block, this.#blockUsed);
    }
    this.#bytes += chunk.length;
    this.#trim();
  }

  /** The output as text, its last `bytes` at the most; `truncated` when its front is missing. */
  read(bytes = this.limit): { text: string; truncated: boolean } {
    const parts = this.#parts();
    const tail: Buffer[] = [];
    let taken = 0;
    for (let index = parts.length - 1; index >= 0 && taken < bytes; index--) {
      const part = parts[index]!;
      const wanted = bytes - taken;
      tail.unshift(part.length > wanted ? part.subarray(part.length - wanted) : part);
      taken += tail[0]!.length;
    }
    const all = Buffer.concat(tail, taken);
    const cut = this.#bytes > bytes;
    let start = 0;
    // Where the front was cut, skip to the next character's first byte (not 10xxxxxx).
    if (cut || this.#dropped) while (start < all.length && (all[start]! & 0xc0) === 0x80) start++;
    return { text: all.subarray(start).toString('utf8'), truncated: this.#dropped || cut };
  }

  /** What is kept, in order, as views (no copy). */
  #parts(): Buffer[] {
    const parts = [...this.#chunks];
    if (parts.length > 0) parts[0] = parts[0]!.subarray(this.#skip);
    if (this.#block && this.#blockUsed > 0) parts.push(this.#block.subarray(0, this.#blockUsed));
    return parts;
  }

  /** The block becomes a chunk, copied to its size when mostly empty. */
  #seal(): void {
    if (!this.#block || this.#blockUsed === 0) return;
    const used = this.#block.subarray(0, this.#blockUsed);
    this.#chunks.push(this.#blockUsed < this.#block.length / 2 ? Buffer.from(used) : used);
    this.#block = undefined;
    this.#blockUsed = 0;
  }

  /** Drops the oldest bytes past the limit: whole chunks, then the front of the first. */
  #trim(): void {
    while (this.#bytes > this.limit) {
      this.#dropped = true;
      const first = this.#chunks[0];
      const over = this.#bytes - this.limit;
      if (!first) {
        // Everything is in the block: it becomes a chunk to cut the front of.
        this.#seal();
        continue;
      }
      const left = first.length - this.#skip;
      if (left <= over) {
        this.#chunks.shift();
        this.#skip = 0;
        this.#bytes -= left;
      } else {
        this.#skip += over;
        this.#bytes -= over;
      }
    }
  }
}
