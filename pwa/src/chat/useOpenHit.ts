import { useCallback, useState } from 'react';
import type { SearchHit } from '../../../schema/conversation.ts';
import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';
import { isAnswering } from './useAnswering.ts';

/**
 * How opening a hit went: its conversation is its agent's current one, or the agent is answering
 * in another one (opening would cancel that answer: ask, then open with `cancelAnswer`), or it
 * failed (see `error`).
 */
export type OpenHitResult = 'opened' | 'answering' | 'failed';

export interface OpenHitAction {
  /** Makes the hit's conversation its agent's current one, unless that cancels an answer. */
  open: (hit: SearchHit, options?: { cancelAnswer?: boolean }) => Promise<OpenHitResult>;
  pending: boolean;
  error: string | undefined;
}

/**
 * Opens a search hit's conversation: `ChatService.Open` when it is not already the agent's
 * current one (asking `Conversation` first when the app holds none of that agent, to know).
 */
export function useOpenHit(): OpenHitAction {
  const store = useHostStore();
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const open = useCallback(
    async ({ agent, conversation }: SearchHit, { cancelAnswer = false } = {}) => {
      setPending(true);
      setError(undefined);
      try {
        if (!store.getState().conversations[agent]) await store.openConversation(agent);
        if (store.getState().conversations[agent]?.id === conversation) return 'opened';
        if (!cancelAnswer && isAnswering(store.getState(), agent)) return 'answering';
        await store.call('ChatService.Open', agent, conversation);
        return 'opened';
      } catch (failure) {
        setError(errorText(t, failure));
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [store, t],
  );
  return { open, pending, error };
}
