import { useId } from 'react';
import type { PermissionRequestView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { useHostAction } from './useHostAction.ts';

/** The agent asks to use a tool: its own options as buttons, answered with `AnswerPermission`. */
export function PermissionPrompt({
  request,
  agentTitle,
}: {
  request: PermissionRequestView;
  agentTitle: string;
}) {
  const t = useT();
  const titleId = useId();
  const answer = useHostAction();
  return (
    <div className="chat-permission" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="chat-permission-title">
        {t('chat.permission.title', { agent: agentTitle })}
      </p>
      {request.rejections > 0 && (
        <p className="chat-permission-note">
          {t('chat.permission.rejections', { count: request.rejections })}
        </p>
      )}
      <div className="chat-permission-options">
        {request.options.map((option) => (
          <button
            key={option.optionId}
            type="button"
            className={`chat-option chat-option-${option.kind}`}
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
        <p className="chat-error" role="alert">
          {answer.error}
        </p>
      )}
    </div>
  );
}
