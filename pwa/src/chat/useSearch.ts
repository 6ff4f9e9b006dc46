import { useEffect, useState } from 'react';
import type { SearchHit } from '../../../schema/conversation.ts';
import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';

/** How long typing must pause before the host is asked (ms). */
const searchDelay = 250;

export interface SearchState {
  /** The hits of the last query answered, best first; `undefined` for an empty query. */
  hits: SearchHit[] | undefined;
  /** A query waits for its answer (or for typing to pause). */
  searching: boolean;
  error: string | undefined;
}

/**
 * `ChatService.Search(query)` across every agent's conversations, once typing pauses; only the
 * answer to the latest query is kept.
 */
export function useSearch(query: string): SearchState {
  const store = useHostStore();
  const t = useT();
  const wanted = query.trim();
  const [state, setState] = useState<SearchState & { query: string }>({
    query: '',
    hits: undefined,
    searching: false,
    error: undefined,
  });

  useEffect(() => {
    if (wanted === '') return;
    let live = true;
    const timer = setTimeout(() => {
      store.call('ChatService.Search', wanted).then(
        (hits) => live && setState({ query: wanted, hits, searching: false, error: undefined }),
        (error: unknown) =>
          live &&
          setState({
            query: wanted,
            hits: undefined,
            searching: false,
            error: errorText(t, error),
          }),
      );
    }, searchDelay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted, store, t]);

  if (wanted === '') return { hits: undefined, searching: false, error: undefined };
  // Until the answer for this query comes, the last one stays on screen.
  return { hits: state.hits, searching: state.query !== wanted, error: state.error };
}
