// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Conversation, SearchHit } from '../../../schema/conversation.ts';
import { mockHost, renderWithHost, useMockHost, type MockHost } from '../helpers/mockHost.tsx';
import { useChatLayout } from '../helpers/chatLayout.ts';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message, RoutedChat } from './fixtures.tsx';

useMockHost();
useChatLayout();

const long = (id: string, prefix: string) =>
  conversation({
    id,
    messages: Array.from({ length: 2000 }, (_, index) =>
      message({
        id: `${prefix}${index}`,
        role: index % 2 === 0 ? 'user' : 'agent',
        parts: [{ kind: 'text', text: `${prefix} message ${index}` }],
      }),
    ),
  });

const hit = (fields: Partial<SearchHit>): SearchHit => ({
  agent: 'claude',
  conversation: 'conv-now',
  messageId: 'm1',
  createdAt: '2025-05-02T12:00:00Z',
  snippet: 'a snippet',
  ...fields,
});

/**
 * A host whose agents' current conversations are `current` (by agent), whose `Search` answers
 * `hits`, and whose `Open` makes `conversations[id]` current as the real host does.
 */
function searchHost(
  current: Record<string, Conversation>,
  conversations: Record<string, Conversation>,
  hits: SearchHit[],
) {
  const host: MockHost = mockHost(
    chatMethods(conversation(), {
      'ChatService.Conversation': ([agent]) => current[String(agent)] ?? conversation(),
      'ChatService.Search': () => hits,
      'ChatService.Open': ([agent, id]) => {
        current[String(agent)] = conversations[String(id)]!;
        host.emit({ name: 'conversation:opened', data: { agent: String(agent), id: String(id) } });
        return null;
      },
    }),
  );
  return host;
}

const called = (host: MockHost, method: string) =>
  host.calls.filter((call) => call.method === method);

const search = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search every conversation' }), {
    target: { value: text },
  });

/** The row of the feed that shows `text`, once it is rendered. */
async function rowOf(text: string) {
  const found = await screen.findByText(text, { selector: '.chat-row *' });
  return found.closest('.chat-row')!;
}

describe('the search across conversations', () => {
  it('asks once typing pauses, and marks the query’s words in each snippet', async () => {
    const host = searchHost({}, {}, [
      hit({
        agent: 'codex',
        conversation: 'conv-x',
        messageId: 'x1',
        snippet: '…plan the Café menu, and <b>MENUS</b> too; a cafeteria…',
      }),
      hit({ messageId: 'm2', createdAt: '2025-04-30T12:00:00Z', snippet: 'No match here' }),
    ]);
    renderWithHost(<RoutedChat agent={undefined} />);
    await screen.findByRole('navigation', { name: 'Agents' });
    for (const text of ['c', 'ca', 'caf', 'cafe', 'cafe ', 'cafe M', 'cafe Me', 'cafe MEN']) {
      search(text);
    }
    const results = await screen.findByRole('list', { name: 'Messages found' });
    expect(called(host, 'ChatService.Search')).toEqual([
      { method: 'ChatService.Search', params: ['cafe MEN'] },
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 messages match');
    // The agent list gives way to the results while something is searched.
    expect(screen.queryByRole('navigation', { name: 'Agents' })).toBeNull();

    const [first, second] = within(results).getAllByRole('button');
    expect(first!.textContent).toContain('Codex');
    expect(first!.textContent).toContain('May 2, 2025');
    expect([...first!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Café',
      'men',
      'MEN',
      'cafe',
    ]);
    // The snippet is text: what looks like HTML in it stays text.
    expect(first!.querySelector('b')).toBeNull();
    expect(first!.textContent).toContain('<b>MENUS</b>');
    expect(second!.textContent).toContain('Claude');
    expect(second!.textContent).toContain('Apr 30, 2025');
    expect(second!.querySelectorAll('mark')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    // The agents again, in place of the results.
    const list = await screen.findByRole('navigation', { name: 'Agents' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((agent) => textPieces(agent).slice(1)),
    ).toEqual([
      ['Claude', 'ready'],
      ['Codex', 'error'],
    ]);
    expect(screen.queryByRole('list', { name: 'Messages found' })).toBeNull();
  });

  it('opens a hit of the current conversation without Open, and scrolls to its message', async () => {
    const host = searchHost({ claude: long('conv-now', 'now') }, {}, [
      hit({ messageId: 'now10', snippet: 'now message 10' }),
    ]);
    renderWithHost(<RoutedChat agent="claude" />);
    await rowOf('now message 1999');
    search('message');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    fireEvent.click(within(results).getByRole('button'));
    const row = await rowOf('now message 10');
    await waitFor(() => expect(row.classList.contains('chat-row-revealed')).toBe(true));
    expect(screen.queryByText('now message 1999')).toBeNull();
    expect(called(host, 'ChatService.Open')).toEqual([]);
  });

  it('opens the hit’s conversation when it is not the current one, then scrolls to it', async () => {
    const current = { claude: conversation({ id: 'conv-now' }) };
    const host = searchHost(current, { 'conv-old': long('conv-old', 'old') }, [
      hit({ conversation: 'conv-old', messageId: 'old42', snippet: 'old message 42' }),
    ]);
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    search('old');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    fireEvent.click(within(results).getByRole('button'));
    await waitFor(() =>
      expect(called(host, 'ChatService.Open')).toEqual([
        { method: 'ChatService.Open', params: ['claude', 'conv-old'] },
      ]),
    );
    const row = await rowOf('old message 42');
    await waitFor(() => expect(row.classList.contains('chat-row-revealed')).toBe(true));
    expect(screen.queryByText('old message 1999')).toBeNull();
  });

  it('opens another agent’s chat for its hit', async () => {
    const current = { claude: conversation(), codex: conversation({ id: 'codex-now' }) };
    const host = searchHost(current, { 'codex-old': long('codex-old', 'codex') }, [
      hit({ agent: 'codex', conversation: 'codex-old', messageId: 'codex7', snippet: 'codex 7' }),
    ]);
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    search('codex');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    fireEvent.click(within(results).getByRole('button'));
    const row = await rowOf('codex message 7');
    await waitFor(() => expect(row.classList.contains('chat-row-revealed')).toBe(true));
    expect(called(host, 'ChatService.Open')).toEqual([
      { method: 'ChatService.Open', params: ['codex', 'codex-old'] },
    ]);
    expect(screen.getByLabelText(/^State: /).textContent).toBe('error');
    const agents = screen.getByRole('combobox', { name: 'Agent' });
    expect((agents as HTMLSelectElement).value).toBe('codex');
  });

  it('asks first before opening another conversation of an agent that answers', async () => {
    const busy = long('conv-now', 'now');
    const current = { claude: { ...busy, busy: true, queued: 3 } };
    const host = searchHost(current, { 'conv-old': long('conv-old', 'old') }, [
      hit({ messageId: 'now10', snippet: 'now message 10' }),
      hit({ conversation: 'conv-old', messageId: 'old42', snippet: 'old message 42' }),
    ]);
    renderWithHost(<RoutedChat agent="claude" />);
    await rowOf('now message 1999');
    search('message');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    const [inCurrent, inOld] = within(results).getAllByRole('button');

    // A hit of the conversation it answers in cancels nothing: no question.
    fireEvent.click(inCurrent!);
    const row = await rowOf('now message 10');
    await waitFor(() => expect(row.classList.contains('chat-row-revealed')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(inOld!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the answer and open this conversation?',
    });
    expect(dialog.textContent).toContain('Claude is answering.');
    expect(dialog.textContent).toContain('The 3 messages waiting are not sent.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(host, 'ChatService.Open')).toEqual([]);

    fireEvent.click(inOld!);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel it and open',
      }),
    );
    const old = await rowOf('old message 42');
    await waitFor(() => expect(old.classList.contains('chat-row-revealed')).toBe(true));
    expect(called(host, 'ChatService.Open')).toEqual([
      { method: 'ChatService.Open', params: ['claude', 'conv-old'] },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks about another agent that answers, once its conversation is known', async () => {
    const current = {
      claude: conversation(),
      codex: conversation({ id: 'codex-now', busy: true }),
    };
    const host = searchHost(current, { 'codex-old': long('codex-old', 'codex') }, [
      hit({ agent: 'codex', conversation: 'codex-old', messageId: 'codex7', snippet: 'codex 7' }),
    ]);
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    search('codex');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    fireEvent.click(within(results).getByRole('button'));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the answer and open this conversation?',
    });
    expect(dialog.textContent).toContain('Codex is answering.');
    expect(called(host, 'ChatService.Conversation').map((call) => call.params)).toContainEqual([
      'codex',
      200,
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it and open' }));
    const row = await rowOf('codex message 7');
    await waitFor(() => expect(row.classList.contains('chat-row-revealed')).toBe(true));
    expect(called(host, 'ChatService.Open')).toEqual([
      { method: 'ChatService.Open', params: ['codex', 'codex-old'] },
    ]);
  });

  it('says when the search, or opening a hit, failed', async () => {
    const host = searchHost({}, {}, []);
    const refusal = (text: string) => ({
      error: { code: -32000, message: text, data: { kind: 'io' } },
    });
    host.answer({ 'ChatService.Search': () => refusal('the index is being rebuilt') });
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    search('menu');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The search failed: the index is being rebuilt',
    );

    host.answer({
      'ChatService.Search': () => [hit({ conversation: 'conv-gone' })],
      'ChatService.Open': () => refusal('no conversation conv-gone'),
    });
    search('menus');
    const results = await screen.findByRole('list', { name: 'Messages found' });
    fireEvent.click(within(results).getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The conversation could not be opened: no conversation conv-gone',
    );
  });

  it('covers the screen from the header’s Search button on narrow screens, and speaks French', async () => {
    searchHost({}, {}, []);
    renderWithHost(<RoutedChat agent="claude" />, 'fr');
    await screen.findByText('Aucun message pour l’instant. Écrivez à Claude ci-dessous.');
    const toggle = screen.getByRole('button', { name: 'Rechercher' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const box = screen.getByRole('searchbox', { name: 'Rechercher dans toutes les conversations' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.className).toContain(
      'chat-side-open',
    );
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.change(box, { target: { value: 'rien' } });
    expect((await screen.findByRole('status')).textContent).toMatch(
      /Recherche en cours…|Aucun message ne correspond\./,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Aucun message ne correspond.'),
    );
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('value') ?? (box as HTMLInputElement).value).toBe('');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    // Named in full, it shows the short word.
    expect(screen.getByRole('button', { name: 'Fermer la recherche' }).textContent).toBe('Fermer');
  });
});
