// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { useChatLayout } from '../helpers/chatLayout.ts';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();
useChatLayout();

const many = Array.from({ length: 5000 }, (_, index) =>
  message({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'agent',
    parts: [{ kind: 'text', text: `message ${index}` }],
  }),
);

describe('a long conversation', () => {
  it('renders only the messages in view, and opens at the latest', async () => {
    const host = mockHost(chatMethods(conversation({ messages: many })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const feed = await screen.findByRole('feed');
    await within(feed).findByText('message 4999');
    const articles = within(feed).getAllByRole('article');
    expect(articles.length).toBeLessThan(40);
    expect(articles.at(-1)!.getAttribute('aria-posinset')).toBe('5000');
    expect(articles.at(-1)!.getAttribute('aria-setsize')).toBe('5000');
    expect(within(feed).queryByText('message 0')).toBeNull();

    // At the bottom, it follows what arrives.
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({ id: 'new', parts: [{ kind: 'text', text: 'the newest' }] }),
      },
    });
    await within(feed).findByText('the newest');
    await waitFor(() => expect(within(feed).queryByText('message 4980')).toBeNull());
  });

  it('stays where the reader scrolled, and offers the way back to the latest', async () => {
    const host = mockHost(chatMethods(conversation({ messages: many })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const feed = await screen.findByRole('feed');
    await within(feed).findByText('message 4999');
    expect(screen.queryByRole('button', { name: 'Latest messages' })).toBeNull();

    feed.scrollTo({ top: 0 });
    await within(feed).findByText('message 0');
    const back = await screen.findByRole('button', { name: 'Latest messages' });
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({ id: 'new', parts: [{ kind: 'text', text: 'the newest' }] }),
      },
    });
    await waitFor(() =>
      expect(within(feed).getAllByRole('article')[0]!.getAttribute('aria-setsize')).toBe('5001'),
    );
    // Still at the top: the oldest message first.
    expect(textPieces(within(feed).getAllByRole('article')[0]!)).toContain('message 0');
    expect(within(feed).queryByText('the newest')).toBeNull();

    fireEvent.click(back);
    await within(feed).findByText('the newest');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Latest messages' })).toBeNull(),
    );
  });
});
