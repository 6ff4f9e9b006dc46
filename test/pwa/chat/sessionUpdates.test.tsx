// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import type { ChatMessage } from '../../../schema/conversation.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();

const system = (fields: Partial<ChatMessage> & Pick<ChatMessage, 'id'>) =>
  message({ role: 'system', ...fields });
const text = (...texts: string[]) => texts.map((value) => ({ kind: 'text' as const, text: value }));

describe('what an agent tells beside its answers', () => {
  it('shows its notices by how much they matter, and its compactions as what they are', async () => {
    mockHost(
      chatMethods(
        conversation({
          messages: [
            system({
              id: 'n1',
              code: 'notice',
              severity: 'warning',
              parts: text('Rate limited', 'Retrying in 5 s.'),
            }),
            system({ id: 'n2', code: 'notice', severity: 'info', parts: text('Indexed 40 files') }),
            system({ id: 'c1', code: 'compaction', parts: text('We fixed the build.') }),
            system({ id: 'c2', code: 'compaction', done: false }),
            system({ id: 'c3', code: 'compaction', error: 'too long' }),
          ],
        }),
      ),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const warning = (await screen.findByText('Rate limited', { exact: false })).closest('div')!;
    expect(warning.className).toBe('chat-notice chat-notice-warning');
    expect(warning.textContent).toBe('Warning from Claude: Rate limitedRetrying in 5 s.');
    expect(screen.getByText('Indexed 40 files', { exact: false }).textContent).toBe(
      'Claude: Indexed 40 files',
    );
    expect(
      screen.getByText(
        'Claude compacted its context: it now remembers what came before as a summary.',
      ).tagName,
    ).toBe('P');
    const summary = screen.getByText('Summary').closest('details')!;
    expect(summary.open).toBe(false);
    expect(within(summary).getByText('We fixed the build.').tagName).toBe('P');
    expect(screen.getByText('Claude is compacting its context…').tagName).toBe('P');
    expect(screen.getByText('Claude could not compact its context: too long').tagName).toBe('P');
  });

  it('shows the session’s cost with the context used, in the user’s money', async () => {
    const host = mockHost(chatMethods(conversation({ usage: { used: 1200, size: 200000 } })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, 'fr');
    await screen.findByRole('meter');
    expect(screen.queryByText(/coût/)).toBeNull();
    host.emit({
      name: 'usage:changed',
      data: {
        agent: 'claude',
        usage: { used: 1200, size: 200000, cost: { amount: 1.5, currency: 'EUR' } },
      },
    });
    expect((await screen.findByText(/coût/)).textContent).toBe('coût jusqu’ici : 1,50\u00a0€');
    host.emit({
      name: 'usage:changed',
      data: {
        agent: 'claude',
        usage: { used: 0, size: 0, cost: { amount: 12, currency: 'credits' } },
      },
    });
    await waitFor(() =>
      expect(screen.getByText(/coût/).textContent).toBe('coût jusqu’ici : 12 credits'),
    );
  });

  it('tells what to type after a command, as the agent hints it', async () => {
    mockHost(
      chatMethods(
        conversation({
          commands: [
            { name: 'review', description: 'Review the changes', hint: 'a branch or a commit' },
            { name: 'test', description: 'Run the tests' },
          ],
        }),
      ),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const input = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Message to Claude',
    });
    fireEvent.change(input, { target: { value: '/' } });
    expect(screen.getByRole('option', { name: /review/ }).textContent).toBe(
      '/reviewReview the changesa branch or a commit',
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('/review ');
    const hint = screen.getByText('Then: a branch or a commit');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.change(input, { target: { value: '/review main' } });
    expect(screen.queryByText(/^Then:/)).toBeNull();
    fireEvent.change(input, { target: { value: '/test ' } });
    expect(screen.queryByText(/^Then:/)).toBeNull();
  });

  it('heads the chat with the conversation’s title, the agent’s or its first message’s', async () => {
    const host = mockHost(chatMethods(conversation({ title: '' })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const header = (await screen.findByRole('heading', { name: 'Claude' })).closest('header')!;
    // No title yet: the agent's description.
    expect(header.textContent).toContain('Writes the code');
    host.emit({
      name: 'session:changed',
      data: { agent: 'claude', title: 'Fix the flaky build', modes: null, options: [], auth: null },
    });
    await waitFor(() => expect(header.textContent).toContain('Fix the flaky build'));
    expect(header.textContent).not.toContain('Writes the code');
    expect(within(header).getByTitle('Fix the flaky build').className).toBe(
      'chat-header-conversation',
    );
  });
});
