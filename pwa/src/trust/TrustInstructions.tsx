import { useId } from 'react';
import type { MessageKey } from '../../../locales/messages.ts';
import { useT } from '../i18n.tsx';
import type { CertificateTrust } from './certificateTrust.ts';
import { devicePlatform, devicePlatforms, type DevicePlatform } from './devicePlatform.ts';
import { useCertificateTrust } from './useCertificateTrust.ts';
import './trust.css';

/** Each platform's steps, in order (CONTRACT.md §9). */
const steps: Record<DevicePlatform, MessageKey[]> = {
  ipados: ['app.trust.ipados.1', 'app.trust.ipados.2', 'app.trust.ipados.3', 'app.trust.ipados.4'],
  android: [
    'app.trust.android.1',
    'app.trust.android.2',
    'app.trust.android.3',
    'app.trust.android.4',
  ],
  macos: ['app.trust.macos.1', 'app.trust.macos.2', 'app.trust.macos.3', 'app.trust.macos.4'],
  windows: [
    'app.trust.windows.1',
    'app.trust.windows.2',
    'app.trust.windows.3',
    'app.trust.windows.4',
  ],
  linux: ['app.trust.linux.1', 'app.trust.linux.2', 'app.trust.linux.3', 'app.trust.linux.4'],
};

const stateKeys: Record<CertificateTrust | 'checking', MessageKey> = {
  checking: 'app.trust.state.checking',
  trusted: 'app.trust.state.trusted',
  untrusted: 'app.trust.state.untrusted',
  unknown: 'app.trust.state.unknown',
  'not-needed': 'app.trust.state.notNeeded',
  insecure: 'app.trust.state.insecure',
};

/** Options of {@link TrustInstructions}, for tests and for pages that already know. */
export interface TrustInstructionsProps {
  /** Whether the page is trusted; by default, found out ({@link useCertificateTrust}). */
  trust?: CertificateTrust | 'checking';
  /** The platform to open first; by default, this browser's. */
  platform?: DevicePlatform;
}

/**
 * How to trust the host's certificate authority on iPadOS, Android, macOS, Windows and Linux,
 * step by step, with the links to `/ca.mobileconfig` and `/ca.crt`; and whether this page is
 * trusted already. The steps of this device's platform come first and open; when the page is
 * trusted, all of them fold away under "another device". Shown by the pairing screen; fit for
 * any page that explains pairing.
 */
export function TrustInstructions(props: TrustInstructionsProps) {
  const t = useT();
  const titleId = useId();
  const found = useCertificateTrust();
  const trust = props.trust ?? found;
  const platform = props.platform ?? devicePlatform(navigator.userAgent, navigator.maxTouchPoints);
  const ordered = [platform, ...devicePlatforms.filter((other) => other !== platform)];
  // Over plain HTTP there is no authority to download (the host runs without --tls).
  const withSteps = trust !== 'not-needed' && trust !== 'insecure';
  const settled = trust === 'trusted';

  const platforms = ordered.map((each) => (
    <details key={each} className="trust-platform" open={!settled && each === platform}>
      <summary>
        {t(`app.trust.platform.${each}`)}
        {each === platform && <span className="trust-here">{t('app.trust.thisDevice')}</span>}
      </summary>
      <a
        className="trust-download"
        href={each === 'ipados' ? '/ca.mobileconfig' : '/ca.crt'}
        {...(each === 'ipados' ? {} : { download: 'switchboard-ca.crt' })}
      >
        {t(each === 'ipados' ? 'app.trust.download.profile' : 'app.trust.download.certificate')}
      </a>
      <ol>
        {steps[each].map((key) => (
          <li key={key}>
            {t(key)}
            {key === 'app.trust.linux.2' && (
              <code className="trust-command">{t('app.trust.linux.command')}</code>
            )}
          </li>
        ))}
      </ol>
    </details>
  ));

  return (
    <section className="trust" aria-labelledby={titleId} data-trust={trust}>
      <h2 id={titleId}>{t('app.trust.title')}</h2>
      <p className={`trust-state trust-state-${trust}`} role="status">
        {t(stateKeys[trust])}
      </p>
      {withSteps && !settled && (
        <>
          <p>{t('app.trust.intro')}</p>
          {platforms}
          <button type="button" onClick={() => window.location.reload()}>
            {t('app.trust.checkAgain')}
          </button>
        </>
      )}
      {withSteps && settled && (
        <details className="trust-other">
          <summary>{t('app.trust.other')}</summary>
          <p>{t('app.trust.intro')}</p>
          {platforms}
        </details>
      )}
    </section>
  );
}
