import { useEffect, useId, useState } from 'react';
import { toDataURL } from 'qrcode';
import type { PairingOffer } from '../../../../schema/devices.ts';
import { useHostStore } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import { useMeshTime } from '../../mesh/useMeshTime.ts';

/** A code as it is read aloud or typed: two groups of five. */
const grouped = (code: string) => code.replace(/^(.{5})(.+)$/, '$1 $2');

/**
 * "Pair a device": a one-time code of `DeviceService.Pair`, its link and the link's QR code, for
 * the other device's camera; valid 10 minutes, after which a new one is asked for.
 */
export function PairOffer({ onClose }: { onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const store = useHostStore();
  const time = useMeshTime();
  const [offer, setOffer] = useState<PairingOffer>();
  const [qr, setQr] = useState<string>();
  const [error, setError] = useState(false);
  const [round, setRound] = useState(0);
  // The offer whose 10 minutes are up: it stays expired while a new code is asked for.
  const [lapsed, setLapsed] = useState<PairingOffer>();
  const expired = offer !== undefined && offer === lapsed;

  useEffect(() => {
    let live = true;
    store.call('DeviceService.Pair').then(
      async (given) => {
        const image = await toDataURL(given.url, { margin: 1, width: 240 });
        if (!live) return;
        setOffer(given);
        setQr(image);
      },
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [store, round]);

  useEffect(() => {
    if (!offer) return;
    const left = Date.parse(offer.expiresAt) - Date.now();
    const timer = setTimeout(() => setLapsed(offer), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [offer]);

  return (
    <div className="pair-offer" role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings.devices.pairTitle')}</h3>
      {error && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {t('settings.devices.pairFailed')}
        </p>
      )}
      {offer && qr && !expired && (
        <>
          <p className="settings-hint">{t('settings.devices.scan')}</p>
          <img
            className="pair-qr"
            src={qr}
            width={240}
            height={240}
            alt={t('settings.devices.qrLabel', { url: offer.url })}
          />
          <p className="pair-code" aria-label={t('settings.devices.codeLabel')}>
            {grouped(offer.code)}
          </p>
          <p className="settings-hint">
            {t('settings.devices.orOpen')} <code className="pair-url">{offer.url}</code>
          </p>
          <p className="settings-hint">
            {t('settings.devices.until', { time: time(offer.expiresAt) })}
          </p>
        </>
      )}
      {expired && <p className="settings-notice">{t('settings.devices.expired')}</p>}
      <div className="pair-actions">
        <button type="button" onClick={() => setRound((value) => value + 1)}>
          {t('settings.devices.newCode')}
        </button>
        <button type="button" onClick={onClose}>
          {t('settings.devices.done')}
        </button>
      </div>
    </div>
  );
}
