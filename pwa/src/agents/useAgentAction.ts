import { useCallback, useRef, useState } from 'react';
import type { AgentState } from '../../../schema/agents.ts';
import type { RpcMethod } from '../../../schema/rpc.ts';
import { HostError } from '../connection/HostConnection.ts';
import { useHostStore } from '../connection/useHost.ts';

export type AgentAction = 'start' | 'stop' | 'restart';

const methods = {
  start: 'AgentService.Start',
  stop: 'AgentService.Stop',
  restart: 'AgentService.Restart',
} as const satisfies Record<AgentAction, RpcMethod>;

/** Why the last action failed, and the agent's state when it did. */
export interface ActionFailure {
  /** The host's sentence; `undefined` when the host could not be reached. */
  message: string | undefined;
  /** The failure is shown until the agent leaves this state (a later start made it moot). */
  state: AgentState | undefined;
}

/**
 * Starts, stops and restarts `agent`. Only the latest action counts: a Start cut short by a Stop
 * is no failure to show.
 *
 * @example
 * const { pending, failure, run } = useAgentAction('claude');
 * <button onClick={() => run('start')} disabled={pending !== undefined}>…</button>
 */
export function useAgentAction(agent: string) {
  const store = useHostStore();
  const [pending, setPending] = useState<AgentAction>();
  const [failure, setFailure] = useState<ActionFailure>();
  const latest = useRef(0);

  const run = useCallback(
    (action: AgentAction) => {
      const id = ++latest.current;
      setPending(action);
      setFailure(undefined);
      store.call(methods[action], agent).then(
        () => {
          if (id === latest.current) setPending(undefined);
        },
        (error: unknown) => {
          if (id !== latest.current) return;
          setPending(undefined);
          const state = store.getState().agents.find((summary) => summary.name === agent)?.state;
          const offline = error instanceof HostError && error.kind === 'offline';
          setFailure({ message: offline ? undefined : errorMessage(error), state });
        },
      );
    },
    [store, agent],
  );

  return { pending, failure, run };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
