import { useCallback, useEffect, useId, useState } from 'react';
import type { DeviceView } from '../../../../schema/devices.ts';
import { useHostStore } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import { useHostAction } from '../../chat/useHostAction.ts';
import { useMeshTime } from '../../mesh/useMeshTime.ts';
import { PairOffer } from './PairOffer.tsx';

/**
 * The devices paired with this host (CONTRACT.md §9, `DeviceService`): each with when it was
 * paired and last seen, this one marked, and Revoke (asked twice: a revoked device is cut at
 * once and must pair again); and "Pair a device", a one-time code and its QR.
 */
export function DevicesSection() {
  const t = useT();
  const titleId = useId();
  const store = useHostStore();
  const time = useMeshTime();
  const revoke = useHostAction();
  const [devices, setDevices] = useState<DeviceView[]>();
  const [confirming, setConfirming] = useState<string>();
  const [pairing, setPairing] = useState(false);

  const load = useCallback(() => {
    store.call('DeviceService.List').then(setDevices, () => setDevices([]));
  }, [store]);
  useEffect(load, [load]);

  const revokeDevice = async (id: string) => {
    setConfirming(undefined);
    if (await revoke.run('DeviceService.Revoke', id)) load();
  };

  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.devices.title')}</h2>
      <p className="settings-hint">{t('settings.devices.hint')}</p>
      {devices !== undefined && devices.length === 0 && (
        <p className="settings-hint">{t('settings.devices.empty')}</p>
      )}
      {devices !== undefined && devices.length > 0 && (
        <ul className="device-list">
          {devices.map((device) => (
            <li key={device.id} className="device">
              <div className="device-text">
                <span className="device-name">
                  {device.name}
                  {device.current && (
                    <span className="device-current">{t('settings.devices.current')}</span>
                  )}
                </span>
                <span className="settings-hint">
                  {t('settings.devices.seen', {
                    paired: time(device.createdAt),
                    seen: time(device.lastSeen),
                  })}
                </span>
              </div>
              {confirming === device.id ? (
                <span className="device-confirm">
                  <button
                    type="button"
                    className="danger"
                    onClick={() => void revokeDevice(device.id)}
                  >
                    {t('settings.devices.revokeNow')}
                  </button>
                  <button type="button" onClick={() => setConfirming(undefined)}>
                    {t('settings.devices.keep')}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={t('settings.devices.revokeLabel', { name: device.name })}
                  disabled={revoke.pending}
                  onClick={() => setConfirming(device.id)}
                >
                  {t('settings.devices.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming !== undefined && devices?.find(({ id }) => id === confirming)?.current && (
        <p className="settings-notice">{t('settings.devices.revokeSelf')}</p>
      )}
      {revoke.error !== undefined && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {revoke.error}
        </p>
      )}
      {pairing ? (
        <PairOffer onClose={() => (setPairing(false), load())} />
      ) : (
        <button type="button" className="primary" onClick={() => setPairing(true)}>
          {t('settings.devices.pair')}
        </button>
      )}
    </section>
  );
}
