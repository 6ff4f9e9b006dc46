import type { PermissionRequestView } from '../../../schema/conversation.ts';
import { chatRoute } from '../../../schema/notifications.ts';
import { PermissionOptions } from '../chat/PermissionOptions.tsx';
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
      <PermissionOptions
        request={request}
        className="inbox-options"
        label={request.toolCall.title}
        optionClassName={(kind) => `inbox-option inbox-option-${kind.split('_')[0]}`}
        errorClassName="inbox-error"
      />
    </li>
  );
}
