// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { conversationPage } from '../../../pwa/src/connection/HostStore.ts';
import type { ChatMessage } from '../../../schema/conversation.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { agents, chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();

/** A conversation of `count` messages, `m0`…, one a second. */
const messages = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) =>
    message({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'agent',
      createdAt: new Date(Date.UTC(2026, 11, 1, 0, 0, i)).toISOString(),
      parts: [{ kind: 'text', text: `message number ${i}` }],
      ...(i % 2 === 1 ? { stopReason: 'end_turn' as const } : {}),
    }),
  );

/** A host whose conversation is `all`, answering the last `shown` first and pages of `page`. */
function pagedHost(all: ChatMessage[], shown: number, page = conversationPage) {
  const whole = conversation({ messages: all });
  return mockHost(
    chatMethods(whole, {
      'ChatService.Conversation': ([, last]) => {
        expect(last).toBe(conversationPage);
        return { ...whole, messages: all.slice(all.length - shown), earlier: all.length - shown };
      },
      'ChatService.Messages': (params) => {
        expect(params[1]).toBe(whole.id);
        return pageOf(all, params, page);
      },
    }),
  );
}

/** The page `Messages(agent, id, before, limit)` answers: at most `page` messages. */
function pageOf(all: ChatMessage[], [, , before, limit]: unknown[], page: number): ChatMessage[] {
  expect(limit).toBe(conversationPage);
  const end = Number(before);
  return all.slice(Math.max(0, end - Math.min(page, Number(limit))), end);
}

describe('a long conversation', () => {
  it('opens at its last messages, counts every one, and loads the pages before as they come into view', async () => {
    const all = messages(9);
    const host = pagedHost(all, 3, 4);
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const feed = await screen.findByRole('feed', { name: 'Conversation with Claude' });
    await screen.findByText('message number 8');
    // Every message counts from the first, loaded or not.
    const last = screen.getByText('message number 8').closest('article')!;
    expect(last.getAttribute('aria-posinset')).toBe('9');
    expect(last.getAttribute('aria-setsize')).toBe('9');

    // Once scrolled, the rows not loaded are in view (the list is short): their pages come, one
    // at a time. Not before: the list opens at its end.
    expect(host.calls.some((call) => call.method === 'ChatService.Messages')).toBe(false);
    fireEvent.scroll(feed);
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(9));
    const texts = within(feed)
      .getAllByRole('article')
      .map((article) => article.textContent);
    all.forEach((_, i) => expect(texts[i]).toContain(`message number ${i}`));
    const pages = host.calls.filter((call) => call.method === 'ChatService.Messages');
    expect(pages.map((call) => call.params[2])).toEqual([6, 2]);
  });

  it('drops an update of a message in a page not loaded yet, rather than adding it at the end', async () => {
    const all = messages(6);
    const host = pagedHost(all, 2, 0);
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    await screen.findByText('message number 5');
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: { ...all[1]!, parts: [{ kind: 'text', text: 'changed far up' }] },
      },
    });
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({
          id: 'new',
          createdAt: '2026-12-02T00:00:00.000Z',
          parts: [{ kind: 'text', text: 'a new one' }],
        }),
      },
    });
    await screen.findByText('a new one');
    expect(screen.queryByText('changed far up')).toBeNull();
  });

  it('asks again for a page that failed once the socket is back, with no scroll', async () => {
    const all = messages(6);
    const host = pagedHost(all, 2, 4);
    let busy = true;
    host.answer({
      'ChatService.Messages': (params) =>
        busy ? { error: { code: -32603, message: 'the host was busy' } } : pageOf(all, params, 4),
    });
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const feed = await screen.findByRole('feed', { name: 'Conversation with Claude' });
    await screen.findByText('message number 5');
    fireEvent.scroll(feed);
    await waitFor(() =>
      expect(host.calls.filter((call) => call.method === 'ChatService.Messages')).toHaveLength(1),
    );
    expect(screen.queryByText('message number 3')).toBeNull();

    busy = false;
    host.disconnect();
    await waitFor(() => expect(host.urls).toHaveLength(2), { timeout: 3_000 });
    expect((await screen.findByText('message number 3')).closest('article')).not.toBeNull();
    expect(screen.getByText('message number 2').closest('article')).not.toBeNull();
  });
});

describe('the open of a conversation', () => {
  it('asks for the conversation as soon as the socket is open, once, while the snapshots load', async () => {
    const all = messages(4);
    const host = pagedHost(all, 4);
    let listed!: () => void;
    const listing = new Promise<void>((resolve) => (listed = resolve));
    host.answer({
      'AgentService.List': async () => {
        await listing;
        return agents;
      },
    });
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    // The list of agents has not answered: the conversation is asked for and shown meanwhile.
    await screen.findByText('message number 3');
    expect(host.calls.map((call) => call.method)).toContain('AgentService.List');
    listed();
    await waitFor(() =>
      expect(screen.getByRole('feed').getAttribute('aria-label')).toBe('Conversation with Claude'),
    );
    const opens = host.calls.filter((call) => call.method === 'ChatService.Conversation');
    expect(opens).toHaveLength(1);
  });
});
