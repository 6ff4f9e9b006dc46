import type { AgentSummary } from '../../../schema/agents.ts';
import { appActors } from '../connection/HostStore.ts';
import { useT } from '../i18n.tsx';
import { Picker } from '../shell/Picker.tsx';

export interface TargetPickerProps {
  agents: readonly AgentSummary[];
  /** An agent's name, `@app` for this app, or nothing chosen yet. */
  current: string | undefined;
  onChoose: (target: string) => void;
}

/** What to inspect: one of the agents, or this app (its connection to the host). */
export function TargetPicker({ agents, current, onChoose }: TargetPickerProps) {
  const t = useT();
  return (
    <Picker
      className="inspector-field inspector-target"
      label={t('inspector.target.label')}
      placeholder={t('inspector.target.placeholder')}
      current={current}
      known={current === appActors || agents.some((agent) => agent.name === current)}
      onChoose={onChoose}
    >
      {agents.length > 0 && (
        <optgroup label={t('inspector.target.agents')}>
          {agents.map((agent) => (
            <option key={agent.name} value={agent.name}>
              {agent.title}
            </option>
          ))}
        </optgroup>
      )}
      <option value={appActors}>{t('inspector.target.app')}</option>
    </Picker>
  );
}
