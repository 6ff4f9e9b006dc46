/**
 * Where a value of the configuration is written: from a path in the data (a JSON pointer's
 * segments, as ajv reports them) to the YAML node, and from a node to its 1-based line and column.
 */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Node,
  type Pair,
} from 'yaml';

export interface Position {
  line: number;
  column: number;
}

/** Turns offsets into positions that always lie inside the text (line ≤ lines, column ≤ length + 1). */
export class Positions {
  readonly #lineLengths: number[];

  constructor(
    text: string,
    private readonly lineCounter: LineCounter,
  ) {
    this.#lineLengths = text.split('\n').map((line) => line.length);
  }

  at(offset: number | undefined): Position {
    const { line, col } = this.lineCounter.linePos(Math.max(0, offset ?? 0));
    const lastLine = this.#lineLengths.length;
    const clampedLine = Math.min(Math.max(line, 1), lastLine);
    const length = this.#lineLengths[clampedLine - 1] ?? 0;
    return { line: clampedLine, column: Math.min(Math.max(col, 1), length + 1) };
  }

  /** Where a node starts; the top of the file when there is none. */
  of(node: { range?: readonly number[] | null } | null | undefined): Position {
    return this.at(node?.range?.[0]);
  }
}

/** The string a YAML key becomes in the data (as `yaml`'s `toJS` makes it), or none. */
export function keyString(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined;
  const value = key.value;
  if (value === null) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/** What is written at a path of the data: the value's node, and the key naming it. */
export interface NodeAt {
  value: Node | null | undefined;
  key: Node | null | undefined;
  /** The deepest node reached on the way, where a path that leads nowhere is reported. */
  nearest: Node | null | undefined;
}

/** Follows `segments` through maps, lists and aliases; the last of duplicate keys wins, as in the data. */
export function locate(doc: Document, segments: readonly string[]): NodeAt {
  return locateFrom(doc, doc.contents, segments);
}

/** `locate`, from `start` rather than from the top of the document. */
export function locateFrom(
  doc: Document,
  start: Node | null | undefined,
  segments: readonly string[],
): NodeAt {
  let value: Node | null | undefined = start;
  let key: Node | null | undefined;
  let nearest = value;
  for (const segment of segments) {
    const container: unknown = isAlias(value) ? value.resolve(doc) : value;
    if (isMap(container)) {
      const pair = container.items.findLast((item) => keyString(item.key) === segment);
      if (!pair) return { value: undefined, key: undefined, nearest };
      key = pair.key as Node | null;
      value = pair.value as Node | null;
    } else if (isSeq(container) && /^\d+$/.test(segment)) {
      const item: unknown = container.items[Number(segment)];
      if (!item) return { value: undefined, key: undefined, nearest };
      // `[a: b]` holds a pair where a list item goes: its data is the map `{a: b}`.
      key = undefined;
      value = isPair(item) ? (item.key as Node | null) : (item as Node);
    } else {
      return { value: undefined, key: undefined, nearest };
    }
    nearest = value ?? key ?? nearest;
  }
  return { value, key, nearest };
}

/** The entries of a map by key, the last of duplicate keys winning; none for anything else. */
export function entries(doc: Document, node: Node | null | undefined): Map<string, Pair> {
  const map: unknown = isAlias(node) ? node.resolve(doc) : node;
  const found = new Map<string, Pair>();
  if (!isMap(map)) return found;
  for (const pair of map.items) {
    const key = keyString(pair.key);
    if (key !== undefined) found.set(key, pair);
  }
  return found;
}

/** A value written as nothing (`command:`), whose node is an empty range after the colon. */
export const isEmpty = (node: Node | null | undefined): boolean =>
  !node || (isScalar(node) && node.value === null && node.range?.[0] === node.range?.[1]);

/**
 * A path as a person reads it: `agents.claude.args[1]`; keys that are not plain words are quoted,
 * `agents.claude.env["MY.VAR"]`.
 */
export function formatPath(segments: readonly (string | number)[]): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (/^[A-Za-z0-9_-]+$/.test(segment)) return index === 0 ? segment : `.${segment}`;
      return `[${JSON.stringify(segment)}]`;
    })
    .join('');
}

/** The segments of a JSON pointer, with list indexes as numbers where the data holds a list. */
export function pointerSegments(pointer: string, data: unknown): (string | number)[] {
  if (pointer === '') return [];
  let current = data;
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
      const inList = Array.isArray(current);
      current =
        current !== null && typeof current === 'object'
          ? (current as Record<string, unknown>)[segment]
          : undefined;
      return inList ? Number(segment) : segment;
    });
}

/** A node of the document with the path of data that leads to it. */
export interface Visited {
  node: Node;
  path: (string | number)[];
  /** `key` when `node` is the key of a map's entry. */
  role: 'key' | 'value';
}

/**
 * Every node of the document, keys included, with its path; without recursion, so a deeply
 * nested file cannot overflow the stack.
 */
export function* walk(doc: Document): Generator<Visited> {
  const stack: Visited[] = doc.contents ? [{ node: doc.contents, path: [], role: 'value' }] : [];
  while (stack.length > 0) {
    const visited = stack.pop()!;
    yield visited;
    const { node, path } = visited;
    const pairs: [Pair<unknown, unknown>, string | number][] = [];
    if (isMap(node)) {
      for (const pair of node.items) pairs.push([pair, keyString(pair.key) ?? '?']);
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        if (isPair(item)) pairs.push([item, index]);
        else if (item) stack.push({ node: item as Node, path: [...path, index], role: 'value' });
      });
    }
    for (const [pair, segment] of pairs) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (key) stack.push({ node: key, path: [...path, segment], role: 'key' });
      if (value) stack.push({ node: value, path: [...path, segment], role: 'value' });
    }
  }
}
