/**
 * The bounds on the work a configuration's text may cause, checked while it is scanned and before
 * anything is composed. yaml composes documents recursively, and a composed node costs about a
 * kilobyte: a text nested some hundreds of levels deep overflows the stack (on Node 20 a regular
 * expression compiled at that moment aborts the whole process instead of throwing), and a text of
 * a million nodes takes a gigabyte. yaml's lexer and its CST parser work token by token without
 * recursion, so the scan stops at the first bound passed, having built nothing beyond it.
 */
import { CST, Lexer, Parser, type LineCounter } from 'yaml';
import { maxNesting, maxNodes } from './limits.ts';

/** The bound a text passes first, and where. */
export type ScanLimit = { code: 'tooDeep' | 'tooManyNodes'; offset: number; limit: number };

const collections = new Set<CST.Token['type']>(['block-map', 'block-seq', 'flow-collection']);
/** The lexemes that start a node of their own. */
const nodeStarts = new Set<ReturnType<typeof CST.tokenType>>([
  'alias',
  'scalar',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'block-scalar-header',
  'flow-map-start',
  'flow-seq-start',
  'seq-item-ind',
  'explicit-key-ind',
]);

/**
 * The first bound of {@link maxNesting} collections nested or {@link maxNodes} nodes that `text`
 * passes, if any. The lines met on the way are added to `lineCounter`.
 *
 * @example
 * scanLimits('- '.repeat(100)) // { code: 'tooDeep', offset: 130, limit: 64 }
 */
export function scanLimits(
  text: string,
  lineCounter?: LineCounter,
  limits = { nesting: maxNesting, nodes: maxNodes },
): ScanLimit | undefined {
  const parser = new Parser(lineCounter?.addNewLine);
  lineCounter?.addNewLine(0); // what `Parser.parse` does first, which `next` does not
  let nodes = 0;
  for (const lexeme of new Lexer().lex(text)) {
    // The CST of each document is dropped as it comes: only the parser's stack is read.
    drain(parser.next(lexeme));
    if (nodeStarts.has(CST.tokenType(lexeme)) && ++nodes > limits.nodes) {
      return { code: 'tooManyNodes', offset: parser.offset - lexeme.length, limit: limits.nodes };
    }
    // The stack holds the open document and its open tokens: collections and a few others. The
    // top collection is level 0, so the first one too deep is level `nesting + 1`.
    if (parser.stack.length > limits.nesting + 1) {
      const open = parser.stack.filter((token) => collections.has(token.type));
      const deepest = open[limits.nesting + 1];
      if (deepest) return { code: 'tooDeep', offset: deepest.offset, limit: limits.nesting };
    }
  }
  drain(parser.end());
  return undefined;
}

/** Runs a generator to its end, dropping what it yields. */
function drain(values: Iterable<unknown>): void {
  const iterator = values[Symbol.iterator]();
  while (!iterator.next().done);
}
