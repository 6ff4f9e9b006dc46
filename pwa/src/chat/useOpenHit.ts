import { useCallback, useState } from 'react';
import type { SearchHit } from '../../../schema/conversation.ts';
import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';

export interface OpenHitAction {
  /** Makes the hit's conversation its agent's current one; resolves `false` when it failed. */
  open: (hit: SearchHit) => Promise<boolean>;
  pending: boolean;
  error: string | undefined;
}

/**
 * Opens a search hit's conversation: `ChatService.Open` when it is not already the agent's
 * current one (asking `Conversation` first when the app holds none of that agent).
 */
export function useOpenHit(): OpenHitAction {
  const store = useHostStore();
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const open = useCallback(
    async ({ agent, conversation }: SearchHit) => {
      setPending(true);
      setError(undefined);
      try {
        if (!store.getState().conversations[agent]) await store.openConversation(agent);
        if (store.getState().conversations[agent]?.id !== conversation) {
          await store.call('ChatService.Open', [agent, conversation]);
        }
        return true;
      } catch (failure) {
        setError(errorText(t, failure));
        return false;
      } finally {
        setPending(false);
      }
    },
    [store, t],
  );
  return { open, pending, error };
}
