import { useId } from 'react';
import type { AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';

export interface AgentPickerProps {
  agents: readonly AgentSummary[];
  current: string | undefined;
  onChoose: (agent: string) => void;
}

/** The agents to talk to as a compact picker: what narrow screens show instead of the list. */
export function AgentPicker({ agents, current, onChoose }: AgentPickerProps) {
  const t = useT();
  const id = useId();
  const known = agents.some((agent) => agent.name === current);
  return (
    <div className="chat-picker">
      <label htmlFor={id} className="chat-sr-only">
        {t('chat.picker.label')}
      </label>
      <select
        id={id}
        value={known ? current : ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            {t('chat.picker.placeholder')}
          </option>
        )}
        {agents.map((agent) => (
          <option key={agent.name} value={agent.name}>
            {t('chat.picker.option', {
              title: agent.title,
              state: t(`agent.state.${agent.state}`),
            })}
          </option>
        ))}
      </select>
    </div>
  );
}
