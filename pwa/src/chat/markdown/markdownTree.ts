/**
 * An agent's Markdown as HTML text, made safe: GitHub's flavour, raw HTML kept as text, what the
 * Markdown makes sanitized, links ours (a new tab, no opener) and images links to them, then code
 * highlighted (the `hljs-*` classes are ours, not the agent's), then written out by `hastHtml`.
 * Pure, and a string out: it runs in the page or in a worker (`markdownWorker.ts`), and the page
 * makes its elements in one go (`BlockParts`), not one React element per node.
 *
 * @example
 * const html = markdownHtml('Some `code`', { highlight: true });
 */
import type { Element, Root } from 'hast';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { hastHtml } from './hastHtml.ts';

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

/**
 * A link leaves the app: in a new tab, without handing it our window. An image an agent names is
 * a link, not a load: fetched at once, its URL could carry what a prompt injection made the agent
 * write (the CSP lets any image in, for the agents' icons). After the sanitizer: ours, not theirs.
 */
function ourLinks() {
  const link = (node: Element) => {
    node.properties.target = '_blank';
    node.properties.rel = ['noopener', 'noreferrer'];
  };
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'a') link(node);
      if (node.tagName !== 'img') return;
      const { src, alt } = node.properties;
      if (typeof src !== 'string') {
        node.tagName = 'span';
        node.properties = {};
        return;
      }
      node.tagName = 'a';
      node.properties = { href: src };
      node.children = [{ type: 'text', value: typeof alt === 'string' && alt ? alt : src }];
      link(node);
    });
  };
}

const plain = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rawAsText)
  .use(rehypeSanitize)
  .use(ourLinks)
  .use(withoutPositions)
  .freeze();
// Made once: rehype-highlight registers every language it knows each time it is attached.
const highlighted = plain().use(rehypeHighlight, { detect: false }).freeze();

/** `text`'s HTML; its code highlighted with `highlight` (a closed block's, not a growing one's). */
export function markdownHtml(text: string, { highlight }: { highlight: boolean }): string {
  const processor = highlight ? highlighted : plain;
  return hastHtml(processor.runSync(processor.parse(text)));
}

/** `markdownHtml`, and how long it took in ms (what the parser learns its costs from). */
export function timedHtml(
  text: string,
  options: { highlight: boolean },
): { html: string; ms: number } {
  const started = performance.now();
  const html = markdownHtml(text, options);
  return { html, ms: performance.now() - started };
}
