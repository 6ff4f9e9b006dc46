import type { ContextUsage } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

/** How much of the agent's context window is used; just the count when its size is unknown. */
export function UsageMeter({ usage: { used, size } }: { usage: ContextUsage }) {
  const t = useT();
  if (used === 0 && size === 0) return null;
  if (size === 0) {
    return (
      <span className="chat-usage" title={t('chat.usage.label')}>
        {t('chat.usage.unknown', { used })}
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
    </span>
  );
}
