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
export function agentEnvironment(
  host: Readonly<Record<string, string | undefined>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const inherited = Object.entries(host).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !hostOnly.test(entry[0]),
  );
  return { ...Object.fromEntries(inherited), ...own };
}
