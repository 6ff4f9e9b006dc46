import { useId } from 'react';
import { useT } from '../i18n.tsx';

/** One machine of the mesh: its handle, whether it is this one, and its live agents. */
export function MachineCard({
  handle,
  agents,
  self,
}: {
  handle: string;
  agents: string[];
  self: boolean;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <article className="mesh-machine" data-self={self} aria-labelledby={titleId}>
      <header className="mesh-machine-head">
        <h3 id={titleId}>{handle}</h3>
        {self && <span className="mesh-self">{t('mesh.machines.self')}</span>}
        <span className="mesh-machine-count">
          {t('mesh.machines.count', { count: agents.length })}
        </span>
      </header>
      {agents.length > 0 && (
        <ul className="mesh-agents" aria-label={t('mesh.machines.agents', { machine: handle })}>
          {agents.map((agent) => (
            <li key={agent} className="mesh-agent">
              {agent}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
