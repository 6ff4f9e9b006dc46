import { useId } from 'react';
import { useT } from '../../i18n.tsx';
import { useDeviceNotifications } from '../../notifications/useDeviceNotifications.ts';

/**
 * Notifications on this device (issue 16 item 3): one switch that asks the browser's permission
 * (in the click) and subscribes this device to the host's Web Push, or turns both off; what the
 * browser allows and whether push reaches the device when the app is closed, in words.
 */
export function NotificationsSection() {
  const t = useT();
  const titleId = useId();
  const device = useDeviceNotifications();
  const unsupported = device.support === 'unsupported';
  const status = unsupported
    ? t('notify.settings.unsupported')
    : device.support === 'denied'
      ? t('notify.settings.denied')
      : device.enabled
        ? t('notify.settings.on')
        : t('notify.settings.off');
  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('notify.settings.title')}</h2>
      <p className="settings-hint">{t('notify.settings.hint')}</p>
      <label className="notify-switch">
        <input
          type="checkbox"
          role="switch"
          checked={device.enabled}
          disabled={unsupported || device.busy}
          onChange={(event) => void (event.target.checked ? device.turnOn() : device.turnOff())}
        />
        <span>{t('notify.settings.toggle')}</span>
      </label>
      <p className="settings-hint" role="status">
        {status}
        {device.enabled && device.push.kind === 'on' && ` ${t('notify.settings.push.on')}`}
        {device.enabled &&
          device.push.kind === 'unavailable' &&
          ` ${t('notify.settings.push.unavailable', { reason: device.push.reason })}`}
      </p>
      {device.error !== undefined && (
        <p className="settings-error" role="alert">
          {t('notify.settings.failed', { message: device.error })}
        </p>
      )}
    </section>
  );
}
