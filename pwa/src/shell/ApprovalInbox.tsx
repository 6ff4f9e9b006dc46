import { useEffect, useId, useRef, useState } from 'react';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { useDeviceNotifications } from '../notifications/useDeviceNotifications.ts';
import { InboxItem } from './InboxItem.tsx';
import './inbox.css';

/**
 * The approval inbox of the top bar (issue 16 item 3): every pending permission request of every
 * agent, answerable here, each with its agent's title and a link to its chat; the button counts
 * them. While nothing asks yet, it offers to turn notifications on for this device (the browser
 * asks only after a click).
 */
export function ApprovalInbox() {
  const t = useT();
  const panelId = useId();
  const titleId = useId();
  const permissions = useHost((state) => state.permissions);
  const agents = useHost((state) => state.agents);
  const device = useDeviceNotifications();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const count = permissions.length;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const titleOf = (name: string) => agents.find((agent) => agent.name === name)?.title ?? name;
  const offerNotifications =
    !device.enabled && device.support !== 'unsupported' && device.support !== 'denied';
  return (
    <div className="inbox" ref={root}>
      <button
        type="button"
        className={`inbox-button${count > 0 ? ' inbox-button-waiting' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('notify.inbox.label', { count })}
        onClick={() => setOpen(!open)}
      >
        <span className="inbox-bell" aria-hidden="true">
          🔔
        </span>
        <span className="inbox-word">{t('notify.inbox.button')}</span>
        {count > 0 && (
          <span className="inbox-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="inbox-panel" aria-labelledby={titleId}>
          <div className="inbox-panel-head">
            <h2 id={titleId}>{t('notify.inbox.title')}</h2>
            <button type="button" className="inbox-close" onClick={() => setOpen(false)}>
              {t('notify.inbox.close')}
            </button>
          </div>
          {count === 0 ? (
            <p className="inbox-empty">{t('notify.inbox.empty')}</p>
          ) : (
            <ul className="inbox-list">
              {permissions.map((request) => (
                <InboxItem
                  key={request.id}
                  request={request}
                  agentTitle={titleOf(request.agent)}
                  onOpenChat={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
          {offerNotifications && (
            <button
              type="button"
              className="inbox-enable"
              disabled={device.busy}
              onClick={() => void device.turnOn()}
            >
              {t('notify.inbox.enable')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
