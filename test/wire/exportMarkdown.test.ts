/**
 * `ChatService.Export` through a real host, its worker and the fake agent: the exported Markdown
 * carries no live HTML of the agent's (CONTRACT.md §6), whatever renders it — parsed here by the
 * CommonMark + GFM parser the app uses, which must find none — and shows it as text, as the app
 * does, its code as it was.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { runScript, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const parser = unified().use(remarkParse).use(remarkGfm);

/** The `value` of each node of `type` in `tree` (an `html` node is HTML a renderer makes live). */
const valuesOf = (tree: ReturnType<typeof parser.parse>, type: string): string[] => {
  const values: string[] = [];
  visit(tree, type, (node) => void values.push((node as { value: string }).value));
  return values;
};

const live = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://example.com"></iframe>',
];

describe('Export', () => {
  it('keeps none of the agent’s raw HTML live: it is text, and its code is code', async () => {
    const { chat } = await withChat(await start(configText({ a: ['--session'] })));
    await runScript(
      chat,
      'a',
      { thought: `Thinking ${live[1]}` },
      { text: `Here: ${live[0]} and ${live[1]}\n${live[2]}\n` },
      { text: 'Use `<Picker>` there.\n\n```html\n<div class="a">\n```\n' },
    );
    const { id } = await chat.conversation('a');
    const exported = await chat.wire.call('ChatService.Export', ['a', id]);
    expect(exported.error).toBeUndefined();
    const markdown = exported.result as string;
    const tree = parser.parse(markdown);

    expect(valuesOf(tree, 'html')).toEqual([]);
    const text = valuesOf(tree, 'text').join('');
    for (const html of live) expect(text).toContain(html);
    expect(valuesOf(tree, 'inlineCode')).toContain('<Picker>');
    expect(valuesOf(tree, 'code')).toContain('<div class="a">');
  });
});
