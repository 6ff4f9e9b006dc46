/**
 * What a terminal's command wrote, its last `limit` bytes at the most: what comes past the limit
 * pushes the oldest out (ACP's `outputByteLimit`: truncated from the beginning, on a character
 * boundary). See https://agentclientprotocol.com/protocol/v1/terminals#getting-output
 */
export class TerminalOutput {
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** Bytes were dropped from the front. */
  #dropped = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    if (this.#bytes <= this.limit) return;
    const kept = Buffer.concat(this.#chunks).subarray(this.#bytes - this.limit);
    this.#chunks = [kept];
    this.#bytes = kept.length;
    this.#dropped = true;
  }

  /** The output as text, its last `bytes` at the most; `truncated` when its front is missing. */
  read(bytes = this.limit): { text: string; truncated: boolean } {
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    this.#chunks = all.length > 0 ? [all] : [];
    const cut = all.length > bytes;
    let start = cut ? all.length - bytes : 0;
    // Where the front was cut, skip to the next character's first byte (not 10xxxxxx).
    if (cut || this.#dropped) while (start < all.length && (all[start]! & 0xc0) === 0x80) start++;
    return { text: all.subarray(start).toString('utf8'), truncated: this.#dropped || cut };
  }
}
