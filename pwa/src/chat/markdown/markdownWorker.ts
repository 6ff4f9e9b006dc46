/**
 * The worker that parses what the page has no time for (`MarkdownParser`): long blocks, and
 * blocks past a render's budget. Takes `ParseRequest[]`, answers `ParseResult[]`, in batches of
 * at most `sliceMs` of work so that the first answers come early.
 */
import type { ParseRequest, ParseResult } from './MarkdownParser.ts';
import { timedTree } from './markdownTree.ts';

const sliceMs = 8;

interface WorkerScope {
  onmessage: ((message: { data: ParseRequest[] }) => void) | null;
  postMessage(results: ParseResult[]): void;
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data: requests }) => {
  let results: ParseResult[] = [];
  let sliceEnds = performance.now() + sliceMs;
  for (const { id, text, highlight } of requests) {
    results.push({ id, ...timedTree(text, { highlight }) });
    if (performance.now() >= sliceEnds) {
      scope.postMessage(results);
      results = [];
      sliceEnds = performance.now() + sliceMs;
    }
  }
  if (results.length > 0) scope.postMessage(results);
};
