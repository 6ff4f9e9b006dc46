import type { AgentDefinition } from '../../host/agentDefinition.ts';
import { Supervisor } from '../../host/Supervisor.ts';

/** The fake ACP agent, built by scripts/bench/build.mjs next to each bench bundle. */
export const fakeAgentFile = new URL('./fakeAgent.js', import.meta.url).pathname;

const definition = (name: string): AgentDefinition => ({
  name,
  title: name,
  icon: '',
  description: '',
  command: process.execPath,
  args: [fakeAgentFile],
  env: {},
  cwd: process.cwd(),
  policy: { budget: null, permissions: [] },
});

/**
 * A supervisor of `count` fake agents, `agent0`…, every one allowed to run, none stopped idle;
 * with a spare worker kept loaded, as the host has, when `spareWorker`.
 */
export function supervisorOf(count: number, spareWorker = false): Supervisor {
  return new Supervisor({
    spareWorker,
    definitions: Array.from({ length: count }, (_, i) => definition(`agent${i}`)),
    limits: { maxRunningAgents: count, stopIdleAgentsAfterMs: 0 },
    language: 'en',
    emit: () => {},
  });
}
