// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, editTool, message } from './fixtures.tsx';

useMockHost();

const markdown = [
  'Here is **the fix**.',
  '',
  '<script>window.pwned = true</script>',
  '',
  '```ts',
  'const answer = 42;',
  '```',
].join('\n');

const snapshot = conversation({
  messages: [
    message({ id: 'u1', role: 'user', parts: [{ kind: 'text', text: 'Fix *the* bug' }] }),
    message({
      id: 'a1',
      stopReason: 'end_turn',
      parts: [
        { kind: 'thought', text: 'The bug is in main.ts' },
        { kind: 'text', text: markdown },
        { kind: 'tool', tool: editTool },
        {
          kind: 'plan',
          entries: [
            { content: 'Find the bug', priority: 'high', status: 'completed' },
            { content: 'Fix it', priority: 'medium', status: 'in_progress' },
            { content: 'Write a test', priority: 'low', status: 'pending' },
          ],
        },
      ],
    }),
    message({ id: 's1', role: 'system', code: 'agent-restarted' }),
    message({ id: 's2', role: 'system', code: 'agent-unavailable', error: 'spawn claude ENOENT' }),
    message({ id: 'a2', stopReason: 'max_tokens', parts: [{ kind: 'text', text: 'Cut short' }] }),
    message({ id: 'a3', error: 'the agent crashed', parts: [] }),
    message({ id: 'u2', role: 'user', queued: true, parts: [{ kind: 'text', text: 'And then?' }] }),
    message({
      id: 'u3',
      role: 'user',
      error: 'cancelled',
      parts: [{ kind: 'text', text: 'Drop' }],
    }),
  ],
});

async function renderSnapshot() {
  const host = mockHost(chatMethods(snapshot));
  const view = renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
  await screen.findByText('the fix');
  return { host, view };
}

const article = (text: string) => screen.getByText(text).closest('article')!;

describe('a conversation snapshot', () => {
  it('loads the agent’s conversation and renders every message, in a feed', async () => {
    const { host } = await renderSnapshot();
    expect(host.calls).toContainEqual({
      method: 'ChatService.Conversation',
      params: ['claude', 200],
    });
    const feed = screen.getByRole('feed', { name: 'Conversation with Claude' });
    expect(within(feed).getAllByRole('article')).toHaveLength(8);
  });

  it('renders the agent’s Markdown and highlights its code, but never its HTML', async () => {
    const { view } = await renderSnapshot();
    expect(screen.getByText('the fix').tagName).toBe('STRONG');
    expect(view.container.querySelector('script')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    const code = view.container.querySelector('pre code.hljs')!;
    expect(code.textContent).toBe('const answer = 42;\n');
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('keeps your own text as you wrote it', async () => {
    await renderSnapshot();
    expect(screen.getByText('Fix *the* bug').tagName).toBe('P');
    expect(article('Fix *the* bug').className).toContain('chat-message-user');
  });

  it('renders a tool call’s fenced output as code, not as backticks', async () => {
    const fenced = conversation({
      messages: [
        message({
          id: 'a9',
          parts: [
            {
              kind: 'tool',
              tool: { ...editTool, id: 'run', title: 'Run ls', output: '```\nREADME.md\n```' },
            },
          ],
        }),
      ],
    });
    mockHost(chatMethods(fenced));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const output = await screen.findByText('README.md');
    expect(output.closest('pre')).not.toBeNull();
    expect(screen.queryByText(/```/)).toBeNull();
  });

  it('folds the thoughts of a finished message', async () => {
    await renderSnapshot();
    const details = screen.getByText('The bug is in main.ts').closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Thoughts').tagName).toBe('SUMMARY');
  });

  it('shows a tool call as a card, with its diffs as lines added and removed', async () => {
    await renderSnapshot();
    const card = screen.getByRole('region', { name: 'Edit src/main.ts' });
    // Its head: the kind's icon (named), the title, the status.
    const head = card.querySelector('header')!;
    expect(within(head).getByRole('img').getAttribute('aria-label')).toBe('Edit');
    expect(textPieces(head).slice(-2)).toEqual(['Edit src/main.ts', 'done']);
    expect(within(card).getByRole('list', { name: 'Files' }).textContent).toBe('src/main.ts:2');
    expect(within(card).getByText('{"path":"src/main.ts"}').tagName).toBe('PRE');
    // The output is Markdown, as agents write it in a tool call's content.
    expect(within(card).getByText('Wrote 3 lines').tagName).toBe('P');
    expect(within(card).getByText('const b = 2;').tagName).toBe('DEL');
    expect(within(card).getByText('const b = 3;').tagName).toBe('INS');
    expect(within(card).getByText('const a = 1;').tagName).toBe('SPAN');
    const [edited, fresh] = card.querySelectorAll('figure');
    const stats = edited!.querySelector('.chat-diff-stats')!;
    expect(stats.getAttribute('aria-label')).toBe('1 line added, 1 line removed');
    expect(textPieces(edited!.querySelector('figcaption')!)).toEqual([
      'src/main.ts',
      stats.textContent,
    ]);
    expect(textPieces(fresh!.querySelector('figcaption')!).slice(0, 2)).toEqual([
      'src/new.ts',
      'new file',
    ]);
    expect(within(fresh!).getByText('export const fresh = true;').tagName).toBe('INS');
  });

  it('shows a plan as a checklist with each step’s status and priority', async () => {
    await renderSnapshot();
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(plan.querySelector('.chat-plan-progress')?.textContent).toBe('1 of 3 done');
    const steps = within(plan).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓Find the bughigh priority',
      '◐Fix itmedium priority',
      'Write a testlow priority',
    ]);
    expect(steps.map((step) => within(step).getByRole('img').getAttribute('aria-label'))).toEqual([
      'done',
      'in progress',
      'to do',
    ]);
  });

  it('words the system messages by their code', async () => {
    await renderSnapshot();
    const restarted = screen.getByText(/Claude restarted in a new session/);
    expect(restarted.closest('article')!.className).toContain('chat-message-system');
    const failed = screen.getByText(/^Claude could not be started or reached/);
    expect(failed.textContent).toBe('Claude could not be started or reached: spawn claude ENOENT');
    expect(failed.closest('article')!.className).toContain('chat-message-system');
  });

  it('says how a message ended, and which of yours wait or were dropped', async () => {
    await renderSnapshot();
    /** The note under a message: how it ended, or what became of it. */
    const note = (text: string) => article(text).querySelector('.chat-note')?.textContent;
    expect(note('Cut short')).toBe('Stopped: the agent reached its output limit.');
    expect(document.querySelector('.chat-note-error')?.textContent).toBe(
      'The answer ended with an error: the agent crashed',
    );
    expect(note('And then?')).toBe('Queued: sent when the current answer ends');
    expect(note('Drop')).toBe('Cancelled: not sent');
    // end_turn is the ordinary end: nothing to say.
    expect(within(article('the fix')).queryByText(/Stopped/)).toBeNull();
  });
});
