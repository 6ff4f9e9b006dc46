import type { PermissionRequestView } from '../../../schema/conversation.ts';
import { useHostAction } from './useHostAction.ts';

type PermissionOptionKind = PermissionRequestView['options'][number]['kind'];

export interface PermissionOptionsProps {
  request: PermissionRequestView;
  /** The buttons' box; `label` names it as a group when nothing around does. */
  className: string;
  label?: string;
  optionClassName: (kind: PermissionOptionKind) => string;
  errorClassName: string;
}

/**
 * A permission request's own options as buttons, each answering it with
 * `ChatService.AnswerPermission`, and why the answer failed, as the host words it: the same in the
 * chat and in the approval inbox.
 */
export function PermissionOptions(props: PermissionOptionsProps) {
  const { request, className, label, optionClassName, errorClassName } = props;
  const answer = useHostAction();
  return (
    <>
      <div
        className={className}
        role={label === undefined ? undefined : 'group'}
        aria-label={label}
      >
        {request.options.map((option) => (
          <button
            key={option.optionId}
            type="button"
            className={optionClassName(option.kind)}
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
        <p className={errorClassName} role="alert">
          {answer.error}
        </p>
      )}
    </>
  );
}
