import { useId } from 'react';
import type { AgentSummary } from '../../../schema/agents.ts';
import { appActors } from '../connection/HostStore.ts';
import { useT } from '../i18n.tsx';

export interface TargetPickerProps {
  agents: readonly AgentSummary[];
  /** An agent's name, `@app` for this app, or nothing chosen yet. */
  current: string | undefined;
  onChoose: (target: string) => void;
}

/** What to inspect: one of the agents, or this app (its connection to the host). */
export function TargetPicker({ agents, current, onChoose }: TargetPickerProps) {
  const t = useT();
  const id = useId();
  const known = current === appActors || agents.some((agent) => agent.name === current);
  return (
    <div className="inspector-field inspector-target">
      <label htmlFor={id}>{t('inspector.target.label')}</label>
      <select
        id={id}
        value={known ? current : ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            {t('inspector.target.placeholder')}
          </option>
        )}
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
      </select>
    </div>
  );
}
