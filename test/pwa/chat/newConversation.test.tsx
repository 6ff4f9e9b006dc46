// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { conversation, message, RoutedChat } from './fixtures.tsx';
import { called, empty, historyHost } from './historyHost.ts';

useMockHost();

describe('a new conversation', () => {
  it('starts at once while the agent is idle', async () => {
    const host = historyHost(
      conversation({ messages: [message({ id: 'a1', parts: [{ kind: 'text', text: 'Done.' }] })] }),
    );
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('Done.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to Claude' }), {
      target: { value: 'A draft' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(empty()).toBe('No message yet. Write to Claude below.'));
    expect(called(host, 'ChatService.New')).toEqual([
      { method: 'ChatService.New', params: ['claude'] },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // What was typed outlives the reload.
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Claude' }).value,
    ).toBe('A draft');
  });

  it('asks first while the agent answers, since that answer is cancelled', async () => {
    const host = historyHost(
      conversation({ busy: true, queued: 2, messages: [message({ id: 'a1', done: false })] }),
    );
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('Claude is answering…');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the answer and start a new conversation?',
    });
    expect(dialog.textContent).toContain(
      'Claude is answering. A new conversation cancels that answer; this conversation stays in the history.',
    );
    expect(dialog.textContent).toContain('The 2 messages waiting are not sent.');
    const keep = within(dialog).getByRole('button', { name: 'Keep the answer' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(host, 'ChatService.New')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel it and start anew' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(host, 'ChatService.New')).toEqual([
      { method: 'ChatService.New', params: ['claude'] },
    ]);
    await waitFor(() => expect(empty()).toBe('No message yet. Write to Claude below.'));
  });

  it('asks too when only the agent’s state says it is busy, and says why New failed', async () => {
    const host = historyHost();
    host.answer({
      'ChatService.New': () => ({
        error: { code: -32000, message: 'the database is locked', data: { kind: 'io' } },
      }),
    });
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'busy', outdated: false } });
    await screen.findByLabelText('State: busy');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it and start anew' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No new conversation: the database is locked',
    );
  });
});
