import { useId, useState, type FormEvent } from 'react';
import { useHostStore } from '../connection/useHost.ts';
import { TrustInstructions } from '../trust/TrustInstructions.tsx';
import { useT } from '../i18n.tsx';
import { pairingCode, pairingToken, pairingUrl } from './pairingToken.ts';
import './pairing.css';

/**
 * Shown when the host refuses the app: how to pair (the link or QR code printed by `npm start`),
 * a field for that link or its token, which loads `/?token=…` (the host sets its session cookie
 * and redirects), how to trust the host's certificate authority on this device, and a way to try
 * again.
 */
export function PairingScreen() {
  const t = useT();
  const store = useHostStore();
  const titleId = useId();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A pairing code asks for this device's name first (the /pair page).
    const code = pairingCode(text);
    if (code !== undefined) return window.location.assign(`/pair?code=${code}`);
    const token = pairingToken(text);
    if (token === undefined) return setInvalid(true);
    // A full page load, not a fetch: the host answers with its cookie and a redirect.
    window.location.assign(pairingUrl(token));
  };

  return (
    <main className="pairing">
      <section className="pairing-card" aria-labelledby={titleId}>
        <img className="pairing-logo" src="/icons/icon-192.png" alt="" width={64} height={64} />
        <h1 id={titleId}>{t('app.pairing.title')}</h1>
        <p>{t('app.pairing.intro')}</p>
        <form className="pairing-form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{t('app.pairing.field')}</label>
          <p id={hintId} className="pairing-hint">
            {t('app.pairing.paste')}
          </p>
          <div className="pairing-row">
            <input
              id={fieldId}
              type="text"
              value={text}
              placeholder={t('app.pairing.placeholder')}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
              onChange={(event) => {
                setText(event.target.value);
                setInvalid(false);
              }}
            />
            <button type="submit" className="primary">
              {t('app.pairing.submit')}
            </button>
          </div>
          {invalid && (
            <p id={errorId} className="pairing-error" role="alert">
              {t('app.pairing.invalid')}
            </p>
          )}
        </form>
        <TrustInstructions />
        <div className="pairing-retry">
          <span>{t('app.pairing.retry.hint')}</span>
          <button type="button" onClick={() => store.connection.retry()}>
            {t('app.pairing.retry')}
          </button>
        </div>
      </section>
    </main>
  );
}
