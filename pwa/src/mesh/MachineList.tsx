import { useId } from 'react';
import type { MeshOverview } from '../../../schema/mesh.ts';
import { useT } from '../i18n.tsx';
import { MachineCard } from './MachineCard.tsx';

/** The live machines of the mesh (this one first, and marked) with their live agents. */
export function MachineList({
  machines,
  self,
}: {
  machines: MeshOverview['machines'];
  self: string;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="mesh-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mesh.machines.title')}</h2>
      <ul className="mesh-machines">
        {machines.map((machine) => (
          <li key={machine.handle}>
            <MachineCard
              handle={machine.handle}
              agents={machine.agents}
              self={machine.handle === self}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
