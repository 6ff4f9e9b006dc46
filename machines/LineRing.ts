/** The last `capacity` lines written, oldest first: an agent's recent stderr. */
export class LineRing {
  readonly #lines: string[] = [];

  constructor(readonly capacity: number) {}

  push(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length > this.capacity) this.#lines.shift();
  }

  /** The lines kept, oldest first; the last `count` of them when `count` is given. */
  lines(count = this.capacity): string[] {
    return this.#lines.slice(-count);
  }
}
