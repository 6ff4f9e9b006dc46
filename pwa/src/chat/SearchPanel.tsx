import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { AgentSummary } from '../../../schema/agents.ts';
import type { SearchHit } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { ConfirmLeave } from './ConfirmLeave.tsx';
import { SearchHitItem } from './SearchHitItem.tsx';
import { useOpenHit } from './useOpenHit.ts';
import { useSearch } from './useSearch.ts';

export interface SearchPanelProps {
  agents: readonly AgentSummary[];
  /** Shown over the conversation (narrow screens): the box takes the focus. */
  covering: boolean;
  /** The hit's conversation is its agent's current one: show it. */
  onOpened: (hit: SearchHit) => void;
  onClose: () => void;
  /** What the side column shows while nothing is searched (the agents). */
  children: ReactNode;
}

/**
 * The search across every agent's conversations (`ChatService.Search`): a box, then the hits,
 * best first, each labelled with its agent. Choosing one opens its conversation if it is not the
 * agent's current one (once you confirm it, while that agent answers: the answer is cancelled).
 */
export function SearchPanel({ agents, covering, onOpened, onClose, children }: SearchPanelProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const { hits, searching, error } = useSearch(query);
  const opening = useOpenHit();
  const [leaving, setLeaving] = useState<SearchHit>();
  const searched = query.trim() !== '';

  useEffect(() => {
    if (covering) input.current?.focus();
  }, [covering]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (query !== '') setQuery('');
    else if (covering) onClose();
  };
  const open = async (hit: SearchHit, cancelAnswer = false) => {
    const result = await opening.open(hit, { cancelAnswer });
    if (result === 'answering') {
      setLeaving(hit);
    } else if (result === 'opened') {
      setLeaving(undefined);
      onOpened(hit);
    }
  };
  const agentOf = (name: string) => agents.find((agent) => agent.name === name);

  return (
    <>
      <div className="chat-search" role="search">
        <div className="chat-search-box">
          <input
            ref={input}
            type="search"
            className="chat-search-input"
            value={query}
            aria-label={t('chat.search.label')}
            placeholder={t('chat.search.placeholder')}
            aria-controls={searched ? `${id}-hits` : undefined}
            enterKeyHint="search"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {query !== '' && (
            <button
              type="button"
              className="chat-search-clear"
              aria-label={t('chat.search.clear')}
              onClick={() => {
                setQuery('');
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
        <button
          type="button"
          className="chat-search-close"
          aria-label={t('chat.search.close')}
          onClick={onClose}
        >
          {t('chat.search.closeShort')}
        </button>
      </div>
      {searched ? (
        <div className="chat-search-results">
          <p className="chat-panel-note" role="status">
            {searching
              ? t('chat.search.searching')
              : hits !== undefined && t('chat.search.count', { count: hits.length })}
          </p>
          {error !== undefined && (
            <p className="chat-panel-error chat-error" role="alert">
              {t('chat.search.failed', { error })}
            </p>
          )}
          {opening.error !== undefined && !leaving && (
            <p className="chat-panel-error chat-error" role="alert">
              {t('chat.open.failed', { error: opening.error })}
            </p>
          )}
          {hits !== undefined && hits.length > 0 && (
            <ul id={`${id}-hits`} className="chat-hits" aria-label={t('chat.search.results')}>
              {hits.map((hit) => {
                const agent = agentOf(hit.agent);
                return (
                  <SearchHitItem
                    key={`${hit.conversation}/${hit.messageId}`}
                    hit={hit}
                    query={query}
                    agentTitle={agent?.title ?? hit.agent}
                    agentIcon={agent?.icon ?? ''}
                    disabled={opening.pending}
                    onOpen={() => void open(hit)}
                  />
                );
              })}
            </ul>
          )}
        </div>
      ) : (
        children
      )}
      {leaving && (
        <ConfirmLeave
          action="open"
          agent={leaving.agent}
          agentTitle={agentOf(leaving.agent)?.title ?? leaving.agent}
          pending={opening.pending}
          error={opening.error}
          onConfirm={() => void open(leaving, true)}
          onClose={() => setLeaving(undefined)}
        />
      )}
    </>
  );
}
