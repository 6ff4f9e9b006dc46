import { isRunning, type AgentState, type AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';
import { useAgentAction, type AgentAction } from './useAgentAction.ts';

/** Which actions make sense in `state`, given the action still in flight. */
function enabled(
  state: AgentState,
  pending: AgentAction | undefined,
): Record<AgentAction, boolean> {
  return {
    start: (state === 'stopped' || state === 'error') && pending === undefined,
    // A start that hangs can be stopped: the agent stops as soon as the start ends.
    stop: state !== 'stopped' && state !== 'error' && pending !== 'stop' && pending !== 'restart',
    restart: isRunning(state) && pending === undefined,
  };
}

/**
 * The buttons of an agent's card: ▶ Start, ■ Stop, Restart, Chat, Logs; and why the last action
 * failed, as the host words it.
 */
export function AgentActions({
  agent,
  label,
  onChat,
  onLogs,
}: {
  agent: AgentSummary;
  /** The agent's name as people read it (its title). */
  label: string;
  onChat: () => void;
  onLogs: () => void;
}) {
  const t = useT();
  const { pending, failure, run } = useAgentAction(agent.name);
  const can = enabled(agent.state, pending);
  // A failure stays until the agent's state moves on; the card already shows the same reason.
  const shown =
    failure && (failure.state === undefined || failure.state === agent.state)
      ? (failure.message ?? t('app.agents.offline'))
      : undefined;
  const values = { agent: label };

  return (
    <>
      {shown !== undefined && !(agent.error && agent.error.startsWith(shown)) && (
        <p className="agent-failure" role="alert">
          {shown}
        </p>
      )}
      <div className="agent-actions" role="group" aria-label={t('app.agents.actions', values)}>
        <div className="agent-actions-run">
          <button
            type="button"
            className="primary"
            disabled={!can.start}
            aria-busy={pending === 'start'}
            aria-label={t('app.agents.start.label', values)}
            onClick={() => run('start')}
          >
            <span aria-hidden="true">▶ </span>
            {t('app.agents.start')}
          </button>
          <button
            type="button"
            disabled={!can.stop}
            aria-busy={pending === 'stop'}
            aria-label={t('app.agents.stop.label', values)}
            onClick={() => run('stop')}
          >
            <span aria-hidden="true">■ </span>
            {t('app.agents.stop')}
          </button>
          <button
            type="button"
            disabled={!can.restart}
            aria-busy={pending === 'restart'}
            aria-label={t('app.agents.restart.label', values)}
            onClick={() => run('restart')}
          >
            <span aria-hidden="true">↻ </span>
            {t('app.agents.restart')}
          </button>
        </div>
        <div className="agent-actions-open">
          <button type="button" aria-label={t('app.agents.chat.label', values)} onClick={onChat}>
            {t('app.agents.chat')}
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={t('app.agents.logs.label', values)}
            onClick={onLogs}
          >
            {t('app.agents.logs')}
          </button>
        </div>
      </div>
    </>
  );
}
