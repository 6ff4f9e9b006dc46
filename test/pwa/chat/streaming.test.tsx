// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message, tool } from './fixtures.tsx';

useMockHost();

const question = message({ id: 'u1', role: 'user', parts: [{ kind: 'text', text: 'Hello?' }] });

async function renderLive() {
  const host = mockHost(chatMethods(conversation({ messages: [question] })));
  renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
  await screen.findByText('Hello?');
  return host;
}

describe('a conversation as its events arrive', () => {
  it('shows an answer growing, its tool call, then its end', async () => {
    const host = await renderLive();
    host.emit({ name: 'turn:changed', data: { agent: 'claude', busy: true, queued: 0 } });
    host.emit({
      name: 'message:updated',
      data: { agent: 'claude', message: message({ id: 'a1', done: false }) },
    });
    await screen.findByText('Claude is answering…');
    expect(screen.getByRole('feed').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);

    const delta = { agent: 'claude', messageId: 'a1' };
    host.emit({ name: 'message:delta', data: { ...delta, index: 0, kind: 'thought', text: 'Hm' } });
    host.emit({ name: 'message:delta', data: { ...delta, index: 0, kind: 'thought', text: 'mm' } });
    host.emit({ name: 'message:delta', data: { ...delta, index: 1, kind: 'text', text: 'Hel' } });
    host.emit({
      name: 'message:delta',
      data: { ...delta, index: 1, kind: 'text', text: 'lo **you**' },
    });
    await screen.findByText('you');
    expect(screen.getByText('you').closest('p')!.textContent).toBe('Hello you');
    // Thoughts stay open while the message arrives.
    const thought = screen.getByText('Hmmm').closest('details')!;
    expect(thought.open).toBe(true);
    expect(thought.querySelector('summary')?.textContent).toBe('Thinking…');

    const running = tool({ id: 't1', title: 'Read a.ts', kind: 'read', status: 'in_progress' });
    host.emit({
      name: 'message:delta',
      data: { ...delta, index: 2, kind: 'tool', part: { kind: 'tool', tool: running } },
    });
    const card = await screen.findByRole('region', { name: 'Read a.ts' });
    expect(card.querySelector('.chat-status')?.textContent).toBe('running');
    host.emit({
      name: 'message:delta',
      data: {
        ...delta,
        index: 2,
        kind: 'tool',
        part: { kind: 'tool', tool: { ...running, status: 'completed', output: 'export {}' } },
      },
    });
    await within(card).findByText('done');
    expect(card.querySelector('.chat-status')?.textContent).toBe('done');
    expect(textPieces(card)).toContain('export {}');

    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({
          id: 'a1',
          stopReason: 'cancelled',
          parts: [
            { kind: 'thought', text: 'Hmmm' },
            { kind: 'text', text: 'Hello **you**' },
            { kind: 'tool', tool: { ...running, status: 'completed', output: 'export {}' } },
          ],
        }),
      },
    });
    host.emit({ name: 'turn:changed', data: { agent: 'claude', busy: false, queued: 0 } });
    await screen.findByText('Stopped: you cancelled the answer.');
    expect(screen.queryByText('Claude is answering…')).toBeNull();
    expect(screen.getByText('Hmmm').closest('details')!.open).toBe(false);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull());
  });

  it('counts the queued messages, and updates the usage meter', async () => {
    const host = await renderLive();
    host.emit({ name: 'turn:changed', data: { agent: 'claude', busy: true, queued: 2 } });
    await screen.findByText('2 messages waiting');
    host.emit({
      name: 'usage:changed',
      data: { agent: 'claude', usage: { used: 50_000, size: 200_000 } },
    });
    const meter = await screen.findByRole('meter', { name: 'Context window used' });
    expect(meter.getAttribute('aria-valuenow')).toBe('50000');
    expect(meter.getAttribute('aria-valuetext')).toBe('50K of 200K tokens (25%)');
    host.emit({ name: 'usage:changed', data: { agent: 'claude', usage: { used: 1234, size: 0 } } });
    await screen.findByText('1.2K tokens used');
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
