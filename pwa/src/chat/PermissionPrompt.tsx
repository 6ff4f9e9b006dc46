import { useId } from 'react';
import type { PermissionRequestView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { PermissionOptions } from './PermissionOptions.tsx';

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
      <PermissionOptions
        request={request}
        className="chat-permission-options"
        optionClassName={(kind) => `chat-option chat-option-${kind}`}
        errorClassName="chat-error"
      />
    </div>
  );
}
