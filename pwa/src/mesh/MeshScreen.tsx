import { useId } from 'react';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { ChannelList } from './ChannelList.tsx';
import { MachineList } from './MachineList.tsx';
import { MessageLog } from './MessageLog.tsx';
import { useMesh } from './useMesh.ts';
import { useMeshPolling } from './useMeshPolling.ts';
import './mesh.css';

/**
 * The Mesh panel: this host's handle, its channels and their state, the live machines with their
 * live agents, and the messages this host's agents sent and received. Loaded again every
 * `refreshEveryMs` while shown: presence on other machines changes without an event.
 */
export function MeshScreen({ refreshEveryMs = 10_000 }: { refreshEveryMs?: number }) {
  const t = useT();
  const headingId = useId();
  const overview = useMesh((state) => state.overview);
  const failure = useMesh((state) => state.failure);
  // The channels come with the configuration first, then with each load of the mesh.
  const channels = useMesh((state) => state.channels);
  const configured = useHost((state) => state.config?.channels);
  useMeshPolling(refreshEveryMs);

  return (
    <section className="mesh" aria-labelledby={headingId}>
      <header className="mesh-head">
        <h1 id={headingId}>{t('mesh.title')}</h1>
        {overview && (
          <p className="mesh-summary">{t('mesh.machine', { machine: overview.machine })}</p>
        )}
      </header>
      {failure !== undefined && (
        <p className="mesh-failure" role="alert">
          {t('mesh.failed', { message: failure })}
        </p>
      )}
      {overview === undefined ? (
        failure === undefined && <p role="status">{t('mesh.loading')}</p>
      ) : (
        <div className="mesh-body">
          <div className="mesh-side">
            <ChannelList channels={channels ?? configured ?? []} />
            <MachineList machines={overview.machines} self={overview.machine} />
          </div>
          <MessageLog log={overview.log} />
        </div>
      )}
    </section>
  );
}
