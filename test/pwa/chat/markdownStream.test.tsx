// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '../../../pwa/src/chat/markdown/MarkdownText.tsx';
import { markdownElement } from '../../../pwa/src/chat/markdown/markdownElement.tsx';
import { markdownTree } from '../../../pwa/src/chat/markdown/markdownTree.ts';

/** `text` rendered whole, in one block: the HTML of its elements. */
function wholeHtml(text: string): string {
  const { container, unmount } = render(
    <div>{markdownElement(markdownTree(text, { highlight: true }))}</div>,
  );
  const html = container.firstElementChild!.innerHTML;
  unmount();
  return html;
}

/** The HTML of a long text's sections, one after the other: as `text` renders whole. */
function sectionsHtml(container: Element): string {
  const sections = [...container.querySelectorAll('.chat-markdown-section')];
  expect(sections.length).toBeGreaterThan(1);
  return sections.map((section) => section.innerHTML).join('');
}

/**
 * An answer of `sections` sections: headings, prose, lists, tables and code, like the bench's;
 * every block names `tag` (the page's parser keeps finished blocks by text, across tests).
 */
function answer(sections: number, tag: string): string {
  return Array.from({ length: sections }, (_, section) =>
    [
      `## Step ${section} of ${tag}`,
      `The change in **module${section}** keeps \`value${section}\`; see https://example.com/${section}.`,
      `- read the file\n- change line ${section} (${tag})`,
      `| file | line |\n| --- | --- |\n| m${section}.ts | ${section} (${tag}) |`,
      '```ts\n' + `const step${section} = '${tag}';\n` + '```',
    ].join('\n\n'),
  ).join('\n\n');
}

/** `text` in `count` pieces cut anywhere (mid-word, mid-fence), as deltas come. */
function cut(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, index) => text.slice(0, (index + 1) * size));
}

describe('a Markdown answer under a flood of deltas', () => {
  it('ends showing exactly the whole text, every block formatted', async () => {
    const text = answer(30, 'the flood');
    // A render per delta, with no time to parse: everything goes through the parser's worker
    // (or the page's tasks) and comes back while the text still grows.
    const { container, rerender } = render(<MarkdownText text="" streaming parseBudgetMs={0} />);
    for (const prefix of cut(text, 120)) {
      act(() => rerender(<MarkdownText text={prefix} streaming parseBudgetMs={0} />));
      // While it streams, every character so far is on screen, in order.
      expect(container.textContent.replace(/\n/g, '')).toBe(prefix.replace(/\n/g, ''));
    }
    rerender(<MarkdownText text={text} parseBudgetMs={0} />);
    await waitFor(() => expect(container.querySelector('.chat-markdown-waiting')).toBeNull(), {
      timeout: 10_000,
    });
    expect(sectionsHtml(container)).toBe(wholeHtml(text));
  });

  it('gives the blocks back from the parser their form over several tasks, never one back to plain text', async () => {
    const text = answer(12, 'the budget');
    // Every block is parsed off the render, and a task makes the elements of one of them only.
    const { container } = render(<MarkdownText text={text} parseBudgetMs={0} />);
    const formed = () => container.querySelectorAll('h2, pre').length;
    const seen: number[] = [formed()];
    await waitFor(
      () => {
        seen.push(formed());
        expect(container.querySelector('.chat-markdown-waiting')).toBeNull();
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(seen[0]).toBe(0);
    // More than one step from none to all, and never fewer than before.
    expect(new Set(seen).size).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(sectionsHtml(container)).toBe(wholeHtml(text));
  });
});
