// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs, type Language } from '../../../locales/messages.ts';
import { I18nProvider } from '../../../pwa/src/i18n.tsx';
import {
  TrustInstructions,
  type TrustInstructionsProps,
} from '../../../pwa/src/trust/TrustInstructions.tsx';

afterEach(cleanup);

function show(props: TrustInstructionsProps, language: Language = 'en') {
  return render(
    <I18nProvider language={language}>
      <TrustInstructions {...props} />
    </I18nProvider>,
  );
}

const platformNames = ['iPad and iPhone', 'Android', 'macOS', 'Windows', 'Linux'];

describe('the instructions to trust the authority', () => {
  it('say the page is not trusted, open this device’s steps first, and link the files', () => {
    const { container } = show({ trust: 'untrusted', platform: 'android' });
    expect(screen.getByRole('status').textContent).toMatch(/does not trust the certificate yet/);
    const sections = [...container.querySelectorAll('details')];
    expect(sections.map((section) => section.querySelector('summary')!.textContent)).toEqual([
      'Androidthis device',
      'iPad and iPhone',
      'macOS',
      'Windows',
      'Linux',
    ]);
    expect(sections.map((section) => section.open)).toEqual([true, false, false, false, false]);
    const android = within(sections[0]!);
    expect(android.getByRole('link').getAttribute('href')).toBe('/ca.crt');
    expect(android.getAllByRole('listitem')).toHaveLength(4);
    expect(android.getAllByRole('listitem')[1]!.textContent).toMatch(/Install a certificate/);
    const ipad = within(sections[1]!);
    expect(ipad.getByRole('link', { name: 'Download the profile' }).getAttribute('href')).toBe(
      '/ca.mobileconfig',
    );
    expect(container.querySelector('code')!.textContent).toContain(
      'certutil -d sql:$HOME/.pki/nssdb',
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Done: check again',
    ]);
  });

  it('fold away once the page is trusted', () => {
    const { container } = show({ trust: 'trusted', platform: 'macos' });
    expect(screen.getByRole('status').textContent).toMatch(/trusts the certificate: the app can/);
    const outer = container.querySelector('details.trust-other') as HTMLDetailsElement;
    expect(outer.open).toBe(false);
    expect(outer.querySelector('summary')!.textContent).toBe('How to trust it on another device');
    expect(outer.querySelectorAll('details')).toHaveLength(5);
  });

  it('say there is nothing to trust over plain HTTP on this computer, and offer no steps', () => {
    const { container } = show({ trust: 'not-needed', platform: 'linux' });
    expect(screen.getByRole('status').textContent).toMatch(/nothing|no certificate/);
    expect(container.querySelectorAll('details')).toHaveLength(0);
    show({ trust: 'insecure', platform: 'linux' });
    expect(screen.getAllByRole('status')[1]!.textContent).toMatch(/--tls/);
  });

  it('speak French, every step of every platform', () => {
    const { container } = show({ trust: 'unknown', platform: 'ipados' }, 'fr');
    const summaries = [...container.querySelectorAll('summary')].map((s) => s.textContent);
    expect(summaries[0]).toBe('iPad et iPhonecet appareil');
    const text = container.textContent;
    expect(text).toMatch(/Réglages des certificats/);
    expect(text).toMatch(/Autorités de certification racines de confiance/);
    for (const name of platformNames.slice(1)) expect(summaries).toContain(name);
    const english = catalogs.en;
    for (const item of container.querySelectorAll('li')) {
      expect(Object.values(english)).not.toContain(item.textContent);
    }
  });
});
