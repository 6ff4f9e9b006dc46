import { useEffect, useState } from 'react';
import type { ConversationSummary } from '../../../schema/conversation.ts';
import { useHost, useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';

export interface HistoryState {
  /** `ChatService.History(agent)`, newest first; `undefined` until it answers. */
  conversations: ConversationSummary[] | undefined;
  error: string | undefined;
}

/**
 * `agent`'s conversations: asked for when shown, and again when its current conversation is
 * another (`currentId`) or the connection comes back. What was shown stays while it reloads.
 */
export function useHistory(agent: string, currentId: string | undefined): HistoryState {
  const store = useHostStore();
  const t = useT();
  const online = useHost((state) => state.connection === 'online');
  const [state, setState] = useState<HistoryState>({ conversations: undefined, error: undefined });

  useEffect(() => {
    if (!online) return;
    let live = true;
    store.call('ChatService.History', agent).then(
      (conversations) => live && setState({ conversations, error: undefined }),
      (error: unknown) => live && setState((known) => ({ ...known, error: errorText(t, error) })),
    );
    return () => {
      live = false;
    };
  }, [agent, currentId, online, store, t]);

  return state;
}
