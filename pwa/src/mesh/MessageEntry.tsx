import { memo } from 'react';
import { useIntl } from 'react-intl';
import { meshMessageTypes, type MeshLogEntry } from '../../../schema/mesh.ts';
import { useT } from '../i18n.tsx';
import { MeshPayload } from './MeshPayload.tsx';
import { useMeshTime } from './useMeshTime.ts';

const known = new Set<string>(meshMessageTypes);

/**
 * One message as this machine saw it: sent or received, by which of its agents, its type, the
 * other side, when, and its payload.
 */
export const MessageEntry = memo(function MessageEntry({ entry }: { entry: MeshLogEntry }) {
  const t = useT();
  const intl = useIntl();
  const time = useMeshTime();
  const { direction, agent, message, to } = entry;
  const type = known.has(message.msg_type) ? t(`mesh.type.${message.msg_type}`) : message.msg_type;
  let other: string | undefined;
  if (direction === 'received') {
    other = t('mesh.entry.from', { agent: message.from.agent_id, machine: message.from.machine });
  } else if (to) {
    other =
      to.agents.length === 0
        ? t('mesh.entry.toNobody', { machine: to.machine })
        : t('mesh.entry.to', { agents: intl.formatList(to.agents), machine: to.machine });
  }
  return (
    <li className="mesh-entry" data-direction={direction} data-type={message.msg_type}>
      <span className="mesh-entry-direction">{t(`mesh.direction.${direction}`)}</span>
      <span className="mesh-entry-agent">{agent}</span>
      <span className="mesh-entry-type" title={message.msg_type}>
        {type}
      </span>
      {other !== undefined && <span className="mesh-entry-other">{other}</span>}
      <time className="mesh-entry-time" dateTime={message.sent_at}>
        {time(message.sent_at, true)}
      </time>
      <MeshPayload payload={message.payload} />
    </li>
  );
});
