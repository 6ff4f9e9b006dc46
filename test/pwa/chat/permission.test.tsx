// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message, permission, tool } from './fixtures.tsx';

useMockHost();

const running = tool({ id: 'tool-2', title: 'Run npm test', kind: 'execute', status: 'pending' });
const live = message({
  id: 'a-live',
  done: false,
  parts: [{ kind: 'tool', tool: { ...running, input: '{"command":"npm test"}' } }],
});

describe('a permission request', () => {
  it('shows the agent’s options in its tool’s card and answers with the one chosen', async () => {
    const host = mockHost(
      chatMethods(conversation({ busy: true, messages: [live], permissions: [permission()] }), {
        'ChatService.AnswerPermission': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('group', { name: 'Claude asks for permission' });
    // In the card of the call it is about, not a second card.
    expect(screen.getAllByRole('region', { name: 'Run npm test' })).toHaveLength(1);
    expect(prompt.closest('section')!.textContent).toContain('{"command":"npm test"}');
    const options = within(prompt).getAllByRole('button');
    expect(options.map((button) => button.textContent)).toEqual([
      'Allow once',
      'Always allow',
      'Reject',
      'Never',
    ]);
    expect(options.map((button) => button.className)).toEqual([
      'chat-option chat-option-allow_once',
      'chat-option chat-option-allow_always',
      'chat-option chat-option-reject_once',
      'chat-option chat-option-reject_always',
    ]);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Always allow' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.AnswerPermission',
        params: ['perm-1', 'always'],
      }),
    );
    host.emit({ name: 'permission:resolved', data: { id: 'perm-1', agent: 'claude' } });
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
  });

  it('arrives as an event, with the refusals already given, in a card of its own if needed', async () => {
    const host = mockHost(
      chatMethods(
        conversation({ busy: true, messages: [message({ id: 'a-live', done: false })] }),
        {
          'ChatService.AnswerPermission': () => ({
            error: { code: -32000, message: 'no such request', data: { kind: 'not-found' } },
          }),
        },
      ),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    await screen.findByText('Claude is answering…');
    host.emit({ name: 'permission:requested', data: permission({ rejections: 2 }) });
    const prompt = await screen.findByRole('group', { name: 'Claude asks for permission' });
    expect(textPieces(prompt)).toContain('You already refused 2 times in this answer.');
    expect(screen.getByRole('region', { name: 'Run npm test' }).contains(prompt)).toBe(true);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Allow once' }));
    expect((await within(prompt).findByRole('alert')).textContent).toBe('no such request');
    expect(host.calls).toContainEqual({
      method: 'ChatService.AnswerPermission',
      params: ['perm-1', 'yes'],
    });
  });

  it('is not lost when its message is not in the conversation', async () => {
    mockHost(chatMethods(conversation({ permissions: [permission({ messageId: 'gone' })] })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const pending = await screen.findByRole('region', { name: 'Waiting for your answer' });
    expect(
      within(pending)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Allow once', 'Always allow', 'Reject', 'Never']);
  });
});
