import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '../../../schema/conversation.ts';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { ConfirmLeave } from './ConfirmLeave.tsx';
import { HistoryItem } from './HistoryItem.tsx';
import { useAnswering } from './useAnswering.ts';
import { useExport } from './useExport.ts';
import { useHistory } from './useHistory.ts';
import { useHostAction } from './useHostAction.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/** From this width the panel is a column beside the conversation; below, it covers it. */
const dockedHistory = '(min-width: 1200px)';

export interface HistoryPanelProps {
  id: string;
  agent: string;
  agentTitle: string;
  onClose: () => void;
}

/**
 * An agent's conversations, newest first (`ChatService.History`): the current one marked and
 * live, the others opened with `ChatService.Open` (once you confirm it, while the agent answers:
 * that answer is cancelled), each exported as Markdown. A column on wide screens; on narrower ones
 * it covers the conversation, and closes once another is opened.
 */
export function HistoryPanel({ id, agent, agentTitle, onClose }: HistoryPanelProps) {
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  const live = useHost((state) => state.conversations[agent]);
  const history = useHistory(agent, live?.id);
  const open = useHostAction();
  const { busy } = useAnswering(agent);
  const [leaving, setLeaving] = useState<ConversationSummary>();
  const exporting = useExport(agent);
  const docked = useMediaQuery(dockedHistory);

  // It takes the focus when it opens (the History button takes it back when it closes).
  useEffect(() => panel.current?.focus(), []);

  // What the app holds of the current conversation is newer than the history's answer.
  const conversations = useMemo(
    () => history.conversations?.map((summary) => withLive(summary, live)),
    [history.conversations, live],
  );

  const openIt = async (summary: ConversationSummary) => {
    if (!(await open.run('ChatService.Open', agent, summary.id))) return;
    setLeaving(undefined);
    if (!docked) onClose();
  };
  const choose = (summary: ConversationSummary) => {
    if (summary.current) {
      if (!docked) onClose();
    } else if (busy) {
      setLeaving(summary);
    } else {
      void openIt(summary);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <aside
      ref={panel}
      id={id}
      className="chat-history"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="chat-panel-head">
        <h2 id={`${id}-title`}>{t('chat.history.title', { agent: agentTitle })}</h2>
        <button
          type="button"
          className="chat-panel-close"
          aria-label={t('chat.history.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      {[
        history.error && t('chat.history.failed', { error: history.error }),
        // While the dialog asks, it says why opening failed.
        !leaving && open.error && t('chat.open.failed', { error: open.error }),
        exporting.error && t('chat.history.exportFailed', { error: exporting.error }),
      ].map(
        (error) =>
          error && (
            <p key={error} className="chat-panel-error chat-error" role="alert">
              {error}
            </p>
          ),
      )}
      {conversations === undefined ? (
        history.error === undefined && (
          <p className="chat-panel-note" role="status">
            {t('chat.history.loading')}
          </p>
        )
      ) : conversations.length === 0 ? (
        <p className="chat-panel-note">{t('chat.history.empty')}</p>
      ) : (
        <ul className="chat-history-list" aria-label={t('chat.history.label')}>
          {conversations.map((summary) => (
            <HistoryItem
              key={summary.id}
              conversation={summary}
              opening={open.pending}
              exporting={exporting.pending === summary.id}
              onOpen={() => choose(summary)}
              onExport={() => void exporting.run(summary)}
            />
          ))}
        </ul>
      )}
      {leaving && (
        <ConfirmLeave
          action="open"
          agent={agent}
          agentTitle={agentTitle}
          pending={open.pending}
          error={open.error}
          onConfirm={() => void openIt(leaving)}
          onClose={() => setLeaving(undefined)}
        />
      )}
    </aside>
  );
}

/** `summary` with what the app knows live of the agent's current conversation. */
function withLive(
  summary: ConversationSummary,
  live: { id: string; title: string; messages: readonly unknown[] } | undefined,
): ConversationSummary {
  if (!live) return summary;
  if (summary.id !== live.id) return summary.current ? { ...summary, current: false } : summary;
  return {
    ...summary,
    current: true,
    title: live.title === '' ? summary.title : live.title,
    messages: live.messages.length,
  };
}
