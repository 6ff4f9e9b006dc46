import { randomUUID } from 'node:crypto';
import type { AgentLaunch } from '../schema/worker.ts';
import { killMarked, runVariable } from '../workers/rpc.ts';
import type { AgentDefinition } from './agentDefinition.ts';

/** What every run marker of this host starts with: its own runs, not another host's. */
const hostRuns = `${randomUUID()}.`;

/**
 * SIGKILLs whatever any agent of this host started that is still alive, wherever it went (the
 * run marker, `runVariable`): the host's last act when it exits.
 */
export function killAgentLeftovers(): void {
  killMarked(hostRuns);
}

/**
 * The host's own variables (CONTRACT.md §1: `SWITCHBOARD_TOKEN`, `SWITCHBOARD_STATE_DIR`…): with
 * them, anything an agent runs could call the API and answer its own permission requests.
 */
const hostOnly = /^SWITCHBOARD_/i;

/**
 * The environment an agent runs in: the host's minus its own `SWITCHBOARD_*` variables, plus the
 * agent's `env` from the configuration (which may set anything, those names included).
 *
 * @example
 * agentEnvironment({ PATH: '/bin', SWITCHBOARD_TOKEN: 't' }, { API_KEY: 'k' })
 * // { PATH: '/bin', API_KEY: 'k' }
 */
function agentEnvironment(
  host: Readonly<Record<string, string | undefined>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const inherited = Object.entries(host).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !hostOnly.test(entry[0]),
  );
  return { ...Object.fromEntries(inherited), ...own };
}

/**
 * How a run of `definition` is launched: its command line in its environment, with what else the
 * run needs (`ownFiles`, `mesh`). The environment carries the run's marker (`runVariable`, last:
 * the configuration cannot set it), which what the agent starts inherits.
 */
export function agentLaunch(
  definition: AgentDefinition,
  run: Pick<AgentLaunch, 'ownFiles' | 'mesh'>,
): AgentLaunch {
  return {
    name: definition.name,
    command: definition.command,
    args: definition.args,
    env: {
      ...agentEnvironment(process.env, definition.env),
      [runVariable]: `${hostRuns}${randomUUID()}`,
    },
    cwd: definition.cwd,
    ...run,
  };
}
