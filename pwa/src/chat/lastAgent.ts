/**
 * The agent whose chat was last opened on this device, kept in `localStorage` (one per host: each
 * host is an origin of its own), so that the Chat screen opens on it.
 */
const storageKey = 'switchboard.chat.lastAgent';

/** The agent remembered by {@link rememberAgent}, if any. */
export function rememberedAgent(): string | undefined {
  try {
    return localStorage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined; // storage refused (a private window's policy): nothing remembered
  }
}

/** Remembers `agent` as the one whose chat was opened last. */
export function rememberAgent(agent: string): void {
  try {
    localStorage.setItem(storageKey, agent);
  } catch {
    // storage refused or full: the Chat screen shows the picker next time
  }
}

/**
 * Which agent the Chat screen opens when the route names none: the remembered one while the
 * configuration still has it, else the only agent there is, else none (the picker).
 *
 * @example
 * agentToOpen([{ name: 'claude' }, { name: 'codex' }], 'codex') // 'codex'
 * agentToOpen([{ name: 'claude' }], 'gone') // 'claude'
 * agentToOpen([{ name: 'claude' }, { name: 'codex' }], 'gone') // undefined
 */
export function agentToOpen(
  agents: readonly { name: string }[],
  remembered: string | undefined,
): string | undefined {
  if (remembered !== undefined && agents.some((agent) => agent.name === remembered)) {
    return remembered;
  }
  return agents.length === 1 ? agents[0]!.name : undefined;
}
