import type { MeshFreeze } from '../../../schema/mesh.ts';
import { useT } from '../i18n.tsx';
import { splitPayload } from './payloadText.ts';
import { useMesh } from './useMesh.ts';
import { useMeshTime } from './useMeshTime.ts';
import './mesh.css';

const none: readonly MeshFreeze[] = [];

/**
 * "Merges frozen by alpha on laptop since 10:42 — release 3.1": under the top bar of every
 * screen while a `freeze` has no `freeze-clear` from its machine. `onOpen` leads to the Mesh
 * panel (not given on the panel itself).
 */
export function FreezeBanner({ onOpen }: { onOpen?: () => void }) {
  const t = useT();
  const time = useMeshTime();
  const freezes = useMesh((state) => state.overview?.freezes) ?? none;
  if (freezes.length === 0) return null;
  return (
    <div className="banner banner-freeze" role="status" aria-label={t('mesh.freeze.label')}>
      <ul className="freeze-list">
        {freezes.map(({ from, since, payload }) => {
          const { text } = splitPayload(payload);
          const values = { agent: from.agent_id, machine: from.machine, time: time(since) };
          return (
            <li key={from.machine}>
              {text === undefined
                ? t('mesh.freeze.banner', values)
                : t('mesh.freeze.bannerReason', { ...values, reason: text })}
            </li>
          );
        })}
      </ul>
      {onOpen && (
        <button type="button" onClick={onOpen}>
          {t('mesh.freeze.open')}
        </button>
      )}
    </div>
  );
}
