import { useId } from 'react';
import type { PlanEntryView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

const marks = { pending: '', in_progress: '◐', completed: '✓' } as const;

/** The agent's plan as a checklist: each step's status and priority. */
export function PlanList({ entries }: { entries: PlanEntryView[] }) {
  const t = useT();
  const titleId = useId();
  const done = entries.filter((entry) => entry.status === 'completed').length;
  return (
    <section className="chat-plan" aria-labelledby={titleId}>
      <header className="chat-plan-head">
        <span id={titleId} className="chat-plan-title">
          {t('chat.plan.label')}
        </span>
        <span className="chat-plan-progress">
          {t('chat.plan.progress', { done, total: entries.length })}
        </span>
      </header>
      <ol className="chat-plan-list">
        {entries.map((entry, index) => (
          <li key={index} className={`chat-plan-entry chat-plan-${entry.status}`}>
            <span
              className="chat-plan-check"
              role="img"
              aria-label={t(`chat.plan.status.${entry.status}`)}
            >
              {marks[entry.status]}
            </span>
            <span className="chat-plan-content">{entry.content}</span>
            <span className={`chat-badge chat-priority-${entry.priority}`}>
              {t(`chat.plan.priority.${entry.priority}`)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
