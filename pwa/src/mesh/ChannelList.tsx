import { useId } from 'react';
import type { ChannelStatus } from '../../../schema/config.ts';
import { useT } from '../i18n.tsx';

/** The configuration's channels and the state of each, or that this machine is on its own. */
export function ChannelList({ channels }: { channels: readonly ChannelStatus[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="mesh-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mesh.channels.title')}</h2>
      {channels.length === 0 ? (
        <p className="mesh-note">{t('mesh.channels.none')}</p>
      ) : (
        <ul className="mesh-channels">
          {channels.map((channel) => (
            <li key={channel.name} className={`mesh-channel mesh-channel-${channel.state}`}>
              <span className="mesh-channel-name">{channel.name}</span>
              <span className="mesh-channel-state">{t(`mesh.channel.state.${channel.state}`)}</span>
              <span className="mesh-channel-where">
                <code>{channel.nats}</code> · {t('mesh.channel.as', { machine: channel.machine })}
              </span>
              {channel.error && <span className="mesh-channel-error">{channel.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
