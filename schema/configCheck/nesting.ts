/**
 * How deeply a YAML text nests, measured on yaml's concrete syntax tree, which is built without
 * recursion. yaml composes documents recursively: a text nested some hundreds of levels deep
 * overflows the stack, and on Node 20 a regular expression compiled at that moment aborts the
 * whole process (V8 reports it as out of memory) instead of throwing. Such a text is refused before
 * it is composed.
 */
import { Parser, type CST, type LineCounter } from 'yaml';

/** Far above any real configuration (they nest 5 levels), far below what overflows the stack. */
export const maxNesting = 64;

/**
 * The offset of the first collection nested deeper than `limit`, if any. The lines met on the way
 * are added to `lineCounter`.
 */
export function tooDeepAt(
  text: string,
  lineCounter?: LineCounter,
  limit = maxNesting,
): number | undefined {
  const stack: [CST.Token | null | undefined, number][] = [];
  for (const token of new Parser(lineCounter?.addNewLine).parse(text)) stack.push([token, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (!token) continue;
    if (depth > limit) return token.offset;
    switch (token.type) {
      case 'document':
        stack.push([token.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        for (const item of token.items) {
          stack.push(['key' in item ? item.key : undefined, depth + 1]);
          stack.push([item.value, depth + 1]);
        }
        break;
      default:
        break;
    }
  }
  return undefined;
}
