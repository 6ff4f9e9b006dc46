import type { HostState } from '../connection/HostStore.ts';
import { useHost } from '../connection/useHost.ts';

/**
 * Whether `agent` is answering: its state says so, or the conversation the app holds does. `New`
 * and `Open` end that answer on the host, so the app asks first.
 */
export const isAnswering = (state: HostState, agent: string): boolean =>
  state.agents.some((summary) => summary.name === agent && summary.state === 'busy') ||
  state.conversations[agent]?.busy === true;

/** {@link isAnswering}, and how many messages wait behind the answer; live. */
export function useAnswering(agent: string): { busy: boolean; queued: number } {
  const busy = useHost((state) => isAnswering(state, agent));
  const queued = useHost((state) => state.conversations[agent]?.queued ?? 0);
  return { busy, queued };
}
