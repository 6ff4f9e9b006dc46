import { useCallback, useState } from 'react';
import type { ConversationSummary } from '../../../schema/conversation.ts';
import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';
import { downloadText, exportName } from './exportFile.ts';

export interface ExportAction {
  /** Asks the host for the conversation's Markdown (`ChatService.Export`) and downloads it. */
  run: (conversation: Pick<ConversationSummary, 'id' | 'title' | 'createdAt'>) => Promise<void>;
  /** The id of the conversation being exported. */
  pending: string | undefined;
  /** The last failure's sentence, until the next export. */
  error: string | undefined;
}

/** Exports `agent`'s conversations as Markdown files. */
export function useExport(agent: string): ExportAction {
  const store = useHostStore();
  const t = useT();
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (conversation: Pick<ConversationSummary, 'id' | 'title' | 'createdAt'>) => {
      setPending(conversation.id);
      setError(undefined);
      try {
        const text = await store.call('ChatService.Export', agent, conversation.id);
        downloadText(text, exportName(agent, conversation));
      } catch (failure) {
        setError(errorText(t, failure));
      } finally {
        setPending(undefined);
      }
    },
    [agent, store, t],
  );
  return { run, pending, error };
}
