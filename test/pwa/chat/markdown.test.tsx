// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownText } from '../../../pwa/src/chat/markdown/MarkdownText.tsx';
import { BlockSplitter, markdownBlocks } from '../../../pwa/src/chat/markdown/markdownBlocks.ts';
import { MarkdownParser } from '../../../pwa/src/chat/markdown/MarkdownParser.ts';
import { markdownElement } from '../../../pwa/src/chat/markdown/markdownElement.tsx';
import { markdownTree } from '../../../pwa/src/chat/markdown/markdownTree.ts';

/** `text` rendered whole, in one block. */
const whole = (text: string) => markdownElement(markdownTree(text, { highlight: true }));

describe("an agent's Markdown", () => {
  it('shows an image as a link to it, never loading it', () => {
    const { container } = render(
      <MarkdownText text={'See ![the secret](https://evil.example/p.png?d=abc) and ![](/x.png)'} />,
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const links = [...container.querySelectorAll('a')].map((link) => ({
      href: link.getAttribute('href'),
      text: link.textContent,
      target: link.getAttribute('target'),
      rel: link.getAttribute('rel'),
    }));
    expect(links).toEqual([
      {
        href: 'https://evil.example/p.png?d=abc',
        text: 'the secret',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { href: '/x.png', text: '/x.png', target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('keeps raw HTML as text', () => {
    const { container } = render(<MarkdownText text={'<img src="https://evil.example/x">'} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });
});

const wholeAndBlocks: string[] = [
  '# Plan\n\nFirst a paragraph\nover two lines.\n\n- one\n- two\n\n- loose three\n\nThen text.',
  '1. first\n\n2. second\n\n   still second\n\nAfter the list.\n\n> quoted\n\n> again',
  'Code:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAnd more:\n\n~~~\nplain\n\n~~~\n\n    indented\n\n    code',
  '| a | b |\n| - | - |\n| 1 | 2 |\n\nText between.\n\n| c |\n| - |\n| 3 |\n\n***\n\nend',
  '<!-- a comment\n\nover a blank line -->\n\nnext\n\n<pre>\n\n</pre>\n\nlast',
  'See [the docs][docs] and a note[^1].\n\n[docs]: https://example.com\n\n[^1]: The note.',
  'A list\n- a\n\n  - nested\n\n    deeper\n\nout ![img](/i.png) and https://example.com',
];

describe('Markdown rendered by blocks', () => {
  it.each(wholeAndBlocks)('renders a finished text as it renders whole: %#', (text) => {
    const byBlocks = render(<MarkdownText text={text} parseBudgetMs={Infinity} />).container
      .innerHTML;
    const wholeHtml = render(<div className="chat-markdown">{whole(text)}</div>).container
      .innerHTML;
    expect(byBlocks).toBe(wholeHtml);
  });

  it('splits where a block ends, never inside a fence or a loose list', () => {
    expect(markdownBlocks(wholeAndBlocks[0]!)).toEqual([
      '# Plan',
      // Never before a list item: it might continue a list above.
      'First a paragraph\nover two lines.\n\n- one\n- two\n\n- loose three',
      'Then text.',
    ]);
    expect(markdownBlocks('```\na\n\nb\n```\n\nc')).toEqual(['```\na\n\nb\n```', 'c']);
    expect(markdownBlocks(wholeAndBlocks[5]!)).toHaveLength(1);
  });

  it('highlights code only in closed blocks while the text streams', () => {
    const text = '```js\nconst a = 1;\n```\n\n```js\nconst b = 2;';
    const { container, rerender } = render(
      <MarkdownText text={text} streaming parseBudgetMs={Infinity} />,
    );
    const [closed, open] = container.querySelectorAll('code');
    expect(closed!.querySelector('.hljs-keyword')).not.toBeNull();
    expect(open!.querySelector('.hljs-keyword')).toBeNull();
    rerender(
      <MarkdownText
        text={'Code:\n\n```js\nconst c = 3;\n```\n'}
        streaming
        parseBudgetMs={Infinity}
      />,
    );
    // A fence closed in the last block: highlighted, as more text may not come for a while.
    expect(container.querySelector('.hljs-keyword')).not.toBeNull();
    rerender(<MarkdownText text={text} parseBudgetMs={Infinity} />);
    expect(container.querySelectorAll('code')[1]!.querySelector('.hljs-keyword')).not.toBeNull();
  });

  it('parses no longer than its budget: the rest waits as plain text, then takes its form', async () => {
    const text = ['# Budget', 'A *first* paragraph.', '- a\n- b', '```ts\nconst budget = 0;\n```']
      .map((block) => `${block} (budget test)`)
      .join('\n\n');
    const { container } = render(<MarkdownText text={text} parseBudgetMs={0} />);
    // Nothing fits in no time: the text is there, as text, until the parser is back.
    expect(container.querySelector('h1, em, li, code')).toBeNull();
    expect(container.textContent).toContain('const budget = 0;');
    await waitFor(() => expect(container.querySelector('.chat-markdown-waiting')).toBeNull());
    const wholeHtml = render(<div className="chat-markdown">{whole(text)}</div>).container
      .innerHTML;
    expect(container.innerHTML).toBe(wholeHtml);
  });
});

describe('a growing text split again', () => {
  const pieces = [
    '# Title',
    'Some *text*',
    '- item',
    '1. first',
    '```ts',
    '```',
    '~~~',
    '<!-- note',
    '-->',
    '<pre>',
    '</pre>',
    '    indented',
    '> quote',
    '[ref]: https://example.com',
    '',
    '',
    '| a |',
  ];

  it('splits each prefix as the whole prefix splits, keeping the blocks before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        (lines, steps) => {
          const text = lines.join('\n');
          const splitter = new BlockSplitter();
          let end = 0;
          for (const step of [...steps, text.length]) {
            end = Math.min(text.length, end + step);
            const before = splitter.split(text.slice(0, end));
            expect(before).toEqual(markdownBlocks(text.slice(0, end)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits again the block before the last: the last one may have begun with half a line', () => {
    const splitter = new BlockSplitter();
    // "1" starts a block; "1." is a list item, which continues the block before it.
    expect(splitter.split('Some text\n\n1')).toEqual(['Some text', '1']);
    expect(splitter.split('Some text\n\n1. first')).toEqual(['Some text\n\n1. first']);
  });
});

describe('a long answer', () => {
  it('renders in sections, each block as it renders whole', () => {
    const text = Array.from(
      { length: 70 },
      (_, i) => `Paragraph **${i}** of the long answer.`,
    ).join('\n\n');
    const { container } = render(<MarkdownText text={text} parseBudgetMs={Infinity} />);
    expect(container.querySelectorAll('.chat-markdown-section').length).toBeGreaterThan(1);
    expect(container.querySelectorAll('strong')).toHaveLength(70);
    const wholeText = render(<div>{whole(text)}</div>).container.textContent;
    expect(container.textContent).toBe(wholeText);
  });

  it('shows a growing block as it was parsed last, then what came since, then all of it', async () => {
    const start = `A long **growing** paragraph ${'and more words '.repeat(150)}`;
    const { container, rerender } = render(
      <MarkdownText text={start} streaming parseBudgetMs={0} />,
    );
    // Past the render's budget: plain text first, then the parser's answer.
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe(start);
    await waitFor(() => expect(container.querySelector('strong')).not.toBeNull());

    rerender(<MarkdownText text={`${start}and *the end*`} streaming parseBudgetMs={0} />);
    expect(container.querySelector('strong')).not.toBeNull();
    expect(container.querySelector('.chat-markdown-waiting')?.textContent).toBe('and *the end*');
    await waitFor(() => expect(container.querySelector('em')?.textContent).toBe('the end'));
    expect(container.querySelector('.chat-markdown-waiting')).toBeNull();
  });
});

describe('the Markdown parser off the render', () => {
  it('parses in the page what a worker that fails to start was sent', async () => {
    let posted = 0;
    const failing = {
      onmessage: null as unknown,
      onerror: null as null | (() => void),
      postMessage() {
        posted += 1;
        setTimeout(() => this.onerror?.());
      },
      terminate() {},
    };
    const parser = new MarkdownParser(() => failing as unknown as Worker);
    parser.request('Some **worker** text');
    await waitFor(() => expect(parser.hasTree('Some **worker** text')).toBe(true));
    expect(posted).toBe(1);
    const { container } = render(<div>{parser.parseNow('Some **worker** text')}</div>);
    expect(container.querySelector('strong')?.textContent).toBe('worker');
  });

  it('tells a block’s waiter when its tree is back, and no one else', async () => {
    const posted: { id: number; text: string }[] = [];
    const worker = {
      onmessage: null as null | ((message: { data: unknown }) => void),
      postMessage: (requests: { id: number; text: string }[]) => posted.push(...requests),
    };
    const parser = new MarkdownParser(() => worker as unknown as Worker);
    const heard: string[] = [];
    parser.request('First *block*');
    parser.request('Second *block*');
    parser.whenParsed(['First *block*'], () => heard.push('first'));
    const stop = parser.whenParsed(['Second *block*'], () => heard.push('second'));
    await waitFor(() => expect(posted).toHaveLength(2));
    const answer = ({ id, text }: { id: number; text: string }) => ({
      id,
      tree: markdownTree(text, { highlight: true }),
      ms: 0.1,
    });
    worker.onmessage!({ data: [answer(posted[0]!)] });
    await waitFor(() => expect(heard).toEqual(['first']));
    stop();
    worker.onmessage!({ data: [answer(posted[1]!)] });
    parser.whenParsed(['First *block*'], () => heard.push('first, already back'));
    await waitFor(() => expect(heard).toEqual(['first', 'first, already back']));
    expect(parser.hasTree('Second *block*')).toBe(true);
  });

  it('learns what a parse costs from those off the render too: one slow moment does not last', async () => {
    const parser = new MarkdownParser(undefined);
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 200));
    parser.parseNow('A parse in a **slow** moment');
    now.mockRestore();
    // Estimated past any render's budget, short blocks would only ever be parsed off the render.
    expect(parser.cost('Another short block')).toBeGreaterThan(8);
    const blocks = Array.from({ length: 20 }, (_, index) => `Block **${index}** of the answer`);
    for (const block of blocks) parser.request(block);
    await waitFor(() => expect(blocks.every((block) => parser.hasTree(block))).toBe(true));
    expect(parser.cost('Another short block')).toBeLessThan(8);
  });
});
