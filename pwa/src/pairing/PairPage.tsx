import { useId, useState, type FormEvent } from 'react';
import { deviceNameOf } from '../../../schema/deviceName.ts';
import { useT } from '../i18n.tsx';
import { TrustInstructions } from '../trust/TrustInstructions.tsx';
import { pairDevice } from './pairDevice.ts';
import './pairing.css';

/**
 * The page a pairing code's QR opens (`/pair?code=…`, CONTRACT.md §9): the device's name
 * (its browser's, to start with) and the code, sent with `POST /api/pair`; the host sets this
 * device's own session cookie, and the app opens. Below, how to trust the host's certificate
 * authority on this device and others (with `--tls`).
 */
export function PairPage() {
  const t = useT();
  const titleId = useId();
  const errorId = useId();
  const [code, setCode] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  const [name, setName] = useState(() => deviceNameOf(navigator.userAgent, t));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    const refused = await pairDevice(code, name, t('app.pair.failed'));
    setPending(false);
    // Paired: the app opens as this device, the code gone from the address.
    if (refused === undefined) location.replace('/');
    else setError(refused);
  };

  return (
    <main className="pairing">
      <section className="pairing-card" aria-labelledby={titleId}>
        <img className="pairing-logo" src="/icons/icon-192.png" alt="" width={64} height={64} />
        <h1 id={titleId}>{t('app.pair.title')}</h1>
        <p>{t('app.pair.intro', { host: location.host })}</p>
        <form
          className="pairing-form"
          onSubmit={(event) => void submit(event)}
          aria-describedby={error ? errorId : undefined}
        >
          <label className="pairing-field">
            <span>{t('app.pair.name')}</span>
            <input
              type="text"
              value={name}
              maxLength={80}
              required
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="pairing-field">
            <span>{t('app.pair.code')}</span>
            <input
              type="text"
              value={code}
              maxLength={40}
              required
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              className="pairing-code"
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <p className="pairing-hint">{t('app.pair.hint')}</p>
          <button type="submit" className="primary" disabled={pending}>
            {t('app.pair.submit')}
          </button>
          {error !== undefined && (
            <p id={errorId} className="pairing-error" role="alert">
              {error}
            </p>
          )}
        </form>
        <TrustInstructions />
      </section>
    </main>
  );
}
