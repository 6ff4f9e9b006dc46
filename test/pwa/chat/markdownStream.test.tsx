// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hastHtml } from '../../../pwa/src/chat/markdown/hastHtml.ts';
import { MarkdownText } from '../../../pwa/src/chat/markdown/MarkdownText.tsx';
import { markdownHtml } from '../../../pwa/src/chat/markdown/markdownTree.ts';
import { PartsDom } from '../../../pwa/src/chat/markdown/partsDom.ts';

/** The HTML of a long text's sections, one after the other: as `text` renders whole. */
function sectionsHtml(container: Element): string {
  const sections = [...container.querySelectorAll('.chat-markdown-section')];
  expect(sections.length).toBeGreaterThan(1);
  return sections.map((section) => section.innerHTML).join('');
}

/** An answer of `sections` sections: headings, prose, lists, tables and code, like the bench's. */
function answer(sections: number, tag: string): string {
  return Array.from({ length: sections }, (_, section) =>
    [
      `## Step ${section} of ${tag}`,
      `The change in **module${section}** keeps \`value${section}\`; see https://example.com/${section}.`,
      `- read the file\n- change line ${section}`,
      `| file | line |\n| --- | --- |\n| m${section}.ts | ${section} |`,
      '```ts\n' + `const step${section} = ${section};\n` + '```',
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
      expect(container.textContent!.replace(/\n/g, '')).toBe(prefix.replace(/\n/g, ''));
    }
    rerender(<MarkdownText text={text} parseBudgetMs={0} />);
    await waitFor(() => expect(container.querySelector('.chat-markdown-waiting')).toBeNull(), {
      timeout: 10_000,
    });
    expect(sectionsHtml(container)).toBe(markdownHtml(text, { highlight: true }));
  });

  it('shows the blocks back from the parser over several tasks, never one back to plain text', async () => {
    const text = answer(12, 'the budget');
    // Every block is parsed off the render, and each task may show one of them only.
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
    expect(sectionsHtml(container)).toBe(markdownHtml(text, { highlight: true }));
  });
});

describe('the HTML of a block', () => {
  it('escapes what a link or its text holds: no attribute or element comes of it', () => {
    const html = markdownHtml('[x"<b>](https://e.example/"onmouseover="alert(1)) & <i>', {
      highlight: true,
    });
    const element = document.createElement('div');
    element.innerHTML = html;
    const link = element.querySelector('a')!;
    expect(link.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
    expect(link.textContent).toBe('x"<b>');
    expect(element.querySelectorAll('b, i')).toHaveLength(0);
    expect(element.textContent).toBe('x"<b> & <i>');
  });

  it('writes footnotes and task lists with their data, aria and boolean attributes', () => {
    const element = document.createElement('div');
    element.innerHTML = markdownHtml('- [x] done\n\nSee a note[^1].\n\n[^1]: The note.', {
      highlight: true,
    });
    const box = element.querySelector('input')!;
    expect([box.type, box.checked, box.disabled]).toEqual(['checkbox', true, true]);
    const reference = element.querySelector('a[data-footnote-ref]')!;
    expect(reference.getAttribute('aria-describedby')).toBe('user-content-footnote-label');
    expect(element.querySelector('section[data-footnotes]')).not.toBeNull();
  });

  it('drops names that are not plain words, and comments', () => {
    const html = hastHtml({
      type: 'root',
      children: [
        { type: 'comment', value: 'hidden' },
        { type: 'element', tagName: 'p', properties: { 'on x': 'y', title: 'a"b' }, children: [] },
        { type: 'element', tagName: 'p x', properties: {}, children: [] },
      ],
    });
    expect(html).toBe('<p title="a&quot;b"></p>');
  });
});

describe('the elements of the parts', () => {
  it('makes again only the parts that changed, in their place', () => {
    const container = document.createElement('div');
    const dom = new PartsDom();
    dom.apply(container, ['<p>a</p>', '\n<p>b</p>', '\n<p>c</p>']);
    const [a, , b] = container.childNodes;
    dom.apply(container, ['<p>a</p>', '\n<p>b</p>', '\n<p>c, more</p><p>d</p>']);
    expect(container.childNodes[0]).toBe(a);
    expect(container.childNodes[2]).toBe(b);
    expect(container.innerHTML).toBe('<p>a</p>\n<p>b</p>\n<p>c, more</p><p>d</p>');
    dom.apply(container, ['<p>z</p>', '\n<p>b</p>']);
    expect(container.innerHTML).toBe('<p>z</p>\n<p>b</p>');
    expect(container.childNodes[2]).toBe(b);
  });
});
