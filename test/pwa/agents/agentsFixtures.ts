import type { AgentSummary } from '../../../schema/agents.ts';

/** An agent as `AgentService.List` returns it, stopped and well unless told otherwise. */
export function agent(name: string, more: Partial<AgentSummary> = {}): AgentSummary {
  return {
    name,
    title: name[0]!.toUpperCase() + name.slice(1),
    icon: '',
    description: '',
    state: 'stopped',
    error: '',
    outdated: false,
    ...more,
  };
}

/** A refusal of the host (CONTRACT.md §3), as a mock host's answer. */
export function refusal(message: string, kind: string) {
  return { error: { code: -32000, message, data: { kind } } };
}
