/** The conversations of Claude's history, and a host that opens and starts them as the real one does. */
import { fireEvent, screen } from '@testing-library/react';
import type { Conversation, ConversationSummary } from '../../../schema/conversation.ts';
import { mockHost, type MockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message } from './fixtures.tsx';

const summary = (fields: Partial<ConversationSummary> & Pick<ConversationSummary, 'id'>) => ({
  title: '',
  createdAt: '2025-05-02T12:00:00Z',
  updatedAt: '2025-05-02T12:30:00Z',
  messages: 0,
  current: false,
  ...fields,
});

/** Three conversations of Claude's: the current one, untitled, and two before it. */
export const history: ConversationSummary[] = [
  summary({
    id: 'conv-now',
    createdAt: '2025-05-03T12:00:00Z',
    updatedAt: '2025-05-03T12:05:00Z',
    current: true,
  }),
  summary({ id: 'conv-b', title: 'Fix the login form', messages: 1 }),
  summary({
    id: 'conv-a',
    title: 'Plan the café menu',
    createdAt: '2025-04-20T12:00:00Z',
    updatedAt: '2025-04-21T12:00:00Z',
    messages: 12,
  }),
];

/** The conversation `conv-b` of the history, as `Open` makes it current. */
const login = conversation({
  id: 'conv-b',
  title: 'Fix the login form',
  messages: [
    message({
      id: 'b1',
      role: 'user',
      parts: [{ kind: 'text', text: 'The login form is broken' }],
    }),
  ],
});

/** The host of these tests: `Open` and `New` change the current conversation as the real one does. */
export function historyHost(start: Conversation = conversation()) {
  let current = start;
  const host: MockHost = mockHost(
    chatMethods(start, {
      'ChatService.Conversation': () => current,
      'ChatService.History': () =>
        history.map((item) => ({ ...item, current: item.id === current.id })),
      'ChatService.Open': ([agent, id]) => {
        current = id === 'conv-b' ? login : conversation({ id: String(id) });
        // The host says so before it answers, on the same socket.
        host.emit({ name: 'conversation:opened', data: { agent: String(agent), id: String(id) } });
        return null;
      },
      'ChatService.New': ([agent]) => {
        current = conversation({ id: 'conv-fresh' });
        host.emit({
          name: 'conversation:opened',
          data: { agent: String(agent), id: 'conv-fresh' },
        });
        return 'conv-fresh';
      },
    }),
  );
  return host;
}

/** The calls the app made of `method`. */
export const called = (host: MockHost, method: string) =>
  host.calls.filter((call) => call.method === method);
/** What each message of the conversation shown says, its author and time left out. */
export const said = () =>
  screen.queryAllByRole('article').map((article) => textPieces(article).slice(2).join(' '));
/** What the conversation shown says when it has no message. */
export const empty = () => document.querySelector('.chat-empty')?.textContent;

/** Opens the history with its button, and returns its panel. */
export async function openHistory(name = 'History') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('complementary');
}
