import { useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../../schema/conversation.ts';
import { HostError } from '../connection/HostConnection.ts';
import { useHost, useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';

export interface ConversationState {
  conversation: Conversation | undefined;
  /** Why it could not be loaded. */
  error: string | undefined;
}

/**
 * `agent`'s conversation: loaded once when the agent is chosen (again after a failure while
 * offline), then kept current by the store's events (which load it again when the agent's current
 * conversation is another: the store says when that failed).
 */
export function useConversation(agent: string | undefined): ConversationState {
  const store = useHostStore();
  const t = useT();
  const conversation = useHost((state) =>
    agent === undefined ? undefined : state.conversations[agent],
  );
  // As soon as the socket is open: the first load of the snapshots need not come first.
  const online = useHost(
    (state) => state.connection === 'online' || state.connection === 'resyncing',
  );
  const reloadFailure = useHost((state) =>
    agent === undefined ? undefined : state.conversationFailures[agent],
  );
  const opened = useRef<string>(undefined);
  const [failure, setFailure] = useState<{ agent: string; error: string }>();

  useEffect(() => {
    if (agent === undefined || !online || opened.current === agent) return;
    opened.current = agent;
    store.openConversation(agent).then(
      () => setFailure(undefined),
      (error: unknown) => {
        // Offline: try again when the connection is back.
        if (error instanceof HostError && error.kind === 'offline') opened.current = undefined;
        setFailure({ agent, error: errorText(t, error) });
      },
    );
  }, [agent, online, store, t]);

  let error: string | undefined;
  if (conversation === undefined && failure !== undefined && failure.agent === agent) {
    error = failure.error;
  } else if (conversation === undefined && reloadFailure !== undefined) {
    error = errorText(t, reloadFailure);
  }
  return { conversation, error };
}
