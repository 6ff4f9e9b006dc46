/**
 * An agent's Markdown as a syntax tree of HTML (hast), made safe: GitHub's flavour, raw HTML kept
 * as text, what the Markdown makes sanitized, then code highlighted (the `hljs-*` classes are
 * ours, not the agent's). Pure, and plain data out: it runs in the page or in a worker
 * (`markdownWorker.ts`), whose trees cross by structured clone.
 *
 * @example
 * const tree = markdownTree('Some `code`', { highlight: true });
 */
import type { Root } from 'hast';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** Raw HTML of the Markdown shown as the text it is, never as HTML. */
function rawAsText() {
  return (tree: Root) => {
    visit(tree, 'raw', (node, index, parent) => {
      if (parent && index !== undefined)
        parent.children[index] = { type: 'text', value: node.value };
    });
  };
}

/** What a tree need not carry across to the page: where each node was in the text. */
function withoutPositions() {
  return (tree: Root) => {
    visit(tree, (node) => {
      delete node.position;
    });
  };
}

const plain = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rawAsText)
  .use(rehypeSanitize)
  .use(withoutPositions)
  .freeze();
// Made once: rehype-highlight registers every language it knows each time it is attached.
const highlighted = plain().use(rehypeHighlight, { detect: false }).freeze();

/** `text`'s tree; its code highlighted with `highlight` (a closed block's, not a growing one's). */
export function markdownTree(text: string, { highlight }: { highlight: boolean }): Root {
  const processor = highlight ? highlighted : plain;
  return processor.runSync(processor.parse(text));
}

/** `markdownTree`, and how long it took in ms (what the parser learns its costs from). */
export function timedTree(
  text: string,
  options: { highlight: boolean },
): { tree: Root; ms: number } {
  const started = performance.now();
  const tree = markdownTree(text, options);
  return { tree, ms: performance.now() - started };
}
