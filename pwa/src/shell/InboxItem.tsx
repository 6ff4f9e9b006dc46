import type { PermissionRequestView } from '../../../schema/conversation.ts';
import { chatRoute } from '../../../schema/notifications.ts';
import { useHostAction } from '../chat/useHostAction.ts';
import { useT } from '../i18n.tsx';

/**
 * One pending permission request in the approval inbox: which agent asks, for which tool, its
 * own options as buttons (`ChatService.AnswerPermission`), and a link to the agent's chat.
 */
export function InboxItem({
  request,
  agentTitle,
  onOpenChat,
}: {
  request: PermissionRequestView;
  agentTitle: string;
  onOpenChat: () => void;
}) {
  const t = useT();
  const answer = useHostAction();
  return (
    <li className="inbox-item">
      <div className="inbox-item-head">
        <span className="inbox-item-asks">{t('notify.inbox.asks', { agent: agentTitle })}</span>
        <a
          className="inbox-open"
          href={chatRoute(request.agent)}
          aria-label={t('notify.inbox.openChat.label', { agent: agentTitle })}
          onClick={onOpenChat}
        >
          {t('notify.inbox.openChat')}
        </a>
      </div>
      <p className="inbox-tool">{request.toolCall.title}</p>
      <div className="inbox-options" role="group" aria-label={request.toolCall.title}>
        {request.options.map((option) => (
          <button
            key={option.optionId}
            type="button"
            className={`inbox-option inbox-option-${option.kind.split('_')[0]}`}
            disabled={answer.pending}
            onClick={() =>
              void answer.run('ChatService.AnswerPermission', request.id, option.optionId)
            }
          >
            {option.name}
          </button>
        ))}
      </div>
      {answer.error !== undefined && (
        <p className="inbox-error" role="alert">
          {answer.error}
        </p>
      )}
    </li>
  );
}
