import type { AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';
import { Picker } from '../shell/Picker.tsx';

export interface AgentPickerProps {
  agents: readonly AgentSummary[];
  current: string | undefined;
  onChoose: (agent: string) => void;
}

/** The agents to talk to as a compact picker: what narrow screens show instead of the list. */
export function AgentPicker({ agents, current, onChoose }: AgentPickerProps) {
  const t = useT();
  return (
    <Picker
      className="chat-picker"
      label={t('chat.picker.label')}
      labelClassName="chat-sr-only"
      placeholder={t('chat.picker.placeholder')}
      current={current}
      known={agents.some((agent) => agent.name === current)}
      onChoose={onChoose}
    >
      {agents.map((agent) => (
        <option key={agent.name} value={agent.name}>
          {t('chat.picker.option', {
            title: agent.title,
            state: t(`agent.state.${agent.state}`),
          })}
        </option>
      ))}
    </Picker>
  );
}
