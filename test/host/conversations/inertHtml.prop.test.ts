/**
 * The exported Markdown carries no live HTML, whatever the text: each text, made inert, is parsed
 * by the CommonMark + GFM parser the app uses (remark), which must find no HTML in it — and the
 * code the text shows must come out as it was.
 */
import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { inertHtml } from '../../../host/conversations/inertHtml.ts';

const parser = unified().use(remarkParse).use(remarkGfm);
const parse = (markdown: string) => parser.parse(markdown);

/** The nodes of `type` the parser finds in `markdown` (an `html` one: HTML a renderer makes live). */
const nodesOf = (markdown: string, type: string) => {
  const found: unknown[] = [];
  visit(parse(markdown), type, (node) => void found.push(node));
  return found;
};

/** Pieces of Markdown that build and break its blocks and spans, and HTML to hide among them. */
const piece = fc.constantFrom(
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<iframe src="https://example.com">',
  '<!-- c -->',
  '<http://example.com>',
  '`',
  '``',
  '```',
  '~~~',
  '\\',
  '|',
  '| --- |',
  '\n',
  '\n\n',
  '\r',
  ' ',
  '    ',
  '> ',
  '- ',
  '1. ',
  '# ',
  '===',
  'text',
  '*',
  '[a](',
  ')',
  'https://example.com/',
  'www.example.com',
  'a@example.com',
  '&',
  ';',
  '"',
  '\t',
);

describe('inertHtml', () => {
  it('leaves no HTML for CommonMark and GFM to find, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        // As the export writes it: each text between other blocks, a quote or not.
        const exported = `# Title\n\n${inertHtml(text)}\n\n## After\n\nplain`;
        expect(nodesOf(exported, 'html'), JSON.stringify(text)).toEqual([]);
        expect(nodesOf(`> ${inertHtml(text).replace(/\n/g, '\n> ')}`, 'html')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  }, 120_000);

  it('shows the HTML as text, and code as it was', () => {
    const text = [
      'Look: <script>alert(1)</script> and <img src=x onerror=alert(1)>',
      '<iframe src="https://example.com"></iframe>',
      'Use `<Picker>` here.',
      '',
      '```html',
      '<div class="a">',
      '```',
    ].join('\n');
    const tree = parse(inertHtml(text));
    const texts = nodesOf(inertHtml(text), 'text').map((node) => (node as { value: string }).value);
    expect(texts.join('')).toContain('<script>alert(1)</script>');
    expect(texts.join('')).toContain('<img src=x onerror=alert(1)>');
    expect(nodesOf(inertHtml(text), 'inlineCode')).toMatchObject([{ value: '<Picker>' }]);
    expect(nodesOf(inertHtml(text), 'code')).toMatchObject([{ value: '<div class="a">' }]);
    expect(tree.children.length).toBeGreaterThan(0);
  });
});
