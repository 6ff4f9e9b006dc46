import type { AgentLaunch } from '../schema/worker.ts';
import type { AgentDefinition } from './agentDefinition.ts';

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
 * run needs (`ownFiles`, `mesh`).
 */
export function agentLaunch(
  definition: AgentDefinition,
  run: Pick<AgentLaunch, 'ownFiles' | 'mesh'>,
): AgentLaunch {
  return {
    name: definition.name,
    command: definition.command,
    args: definition.args,
    env: agentEnvironment(process.env, definition.env),
    cwd: definition.cwd,
    ...run,
  };
}
