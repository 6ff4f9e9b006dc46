import type { OversizedLine } from './boundedLines.ts';

/** A JSON-RPC id, as JSON-RPC allows it. */
export type FrameId = string | number;

/** What can be told of a frame too large to read from its two ends. */
export interface FrameIdentity {
  kind: 'request' | 'response' | 'notification' | 'unknown';
  id?: FrameId;
}

/** The top-level keys of the JSON object `text` begins with, and their scalar values, as far as it goes. */
function topLevel(text: string): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  let depth = 0;
  let key: string | undefined;
  const take = (value: unknown) => {
    if (key !== undefined) keys.set(key, value);
    key = undefined;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"') {
      const end = stringEnd(text, at);
      if (end === -1) break;
      if (depth === 1) {
        const literal = JSON.parse(text.slice(at, end + 1)) as string;
        if (key !== undefined) take(literal);
        else if (/^\s*:/.test(text.slice(end + 1, end + 40))) key = literal;
      }
      at = end;
    } else if (char === '{' || char === '[') {
      if (depth === 1) take(undefined);
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
    } else if (depth === 1 && key !== undefined && /[-\dtfn]/.test(char)) {
      const scalar = /^(-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null)/.exec(
        text.slice(at, at + 40),
      );
      take(scalar ? (JSON.parse(scalar[0]) as unknown) : undefined);
      at += (scalar?.[0].length ?? 1) - 1;
    }
  }
  return keys;
}

/** The index of the quote that ends the JSON string opening at `start`, or -1 if cut before it. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '"') return at;
  }
  return -1;
}

const isId = (value: unknown): value is FrameId =>
  (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'string';

/** An `"id"` that closes the frame: the last key of the top-level object. */
const lastId = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*}\s*$/;

/**
 * What a JSON-RPC frame too large to read is, from its first and last bytes: agents write `id` and
 * `method` before `params` (the ACP SDKs do), or `id` last. Unknown when neither end says.
 */
export function frameIdentity({ head, tail }: OversizedLine): FrameIdentity {
  const keys = topLevel(head);
  const tailId = lastId.exec(tail)?.[1];
  const id = keys.get('id') ?? (tailId === undefined ? undefined : (JSON.parse(tailId) as unknown));
  const known = isId(id) ? { id } : {};
  if (keys.has('method'))
    return { kind: known.id === undefined ? 'notification' : 'request', ...known };
  if (keys.has('result') || keys.has('error')) return { kind: 'response', ...known };
  return { kind: 'unknown', ...known };
}
