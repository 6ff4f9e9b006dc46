import { useIntl } from 'react-intl';
import { formatCost } from '../../../locales/formatCost.ts';
import type { Language } from '../../../locales/translate.ts';
import type { ContextUsage, UsageCost } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

/**
 * How much of the agent's context window is used (just the count when its size is unknown), and
 * what the session has cost so far when the agent says.
 */
export function UsageMeter({ usage: { used, size, cost } }: { usage: ContextUsage }) {
  const t = useT();
  const spent = cost && <Cost cost={cost} />;
  if (used === 0 && size === 0) return spent ? <span className="chat-usage">{spent}</span> : null;
  if (size === 0) {
    return (
      <span className="chat-usage" title={t('chat.usage.label')}>
        {t('chat.usage.unknown', { used })}
        {spent}
      </span>
    );
  }
  const ratio = Math.min(used / size, 1);
  const text = t('chat.usage.known', { used, size, ratio });
  const level = ratio >= 0.9 ? 'high' : ratio >= 0.7 ? 'medium' : 'low';
  return (
    <span className="chat-usage">
      <span
        role="meter"
        aria-label={t('chat.usage.label')}
        aria-valuemin={0}
        aria-valuemax={size}
        aria-valuenow={Math.min(used, size)}
        aria-valuetext={text}
        className={`chat-usage-bar chat-usage-${level}`}
      >
        <span className="chat-usage-fill" style={{ width: `${ratio * 100}%` }} />
      </span>
      <span aria-hidden="true">{text}</span>
      {spent}
    </span>
  );
}

/** What the session has cost so far. */
function Cost({ cost }: { cost: UsageCost }) {
  const t = useT();
  const language = useIntl().locale as Language;
  return (
    <span className="chat-usage-cost">
      {t('chat.usage.cost', { cost: formatCost(language, cost) })}
    </span>
  );
}
