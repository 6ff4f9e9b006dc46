/**
 * Whether this browser trusts the certificate of the page's host:
 * - `not-needed`: plain HTTP on loopback, a secure context without any certificate;
 * - `insecure`: plain HTTP from another device, where the app cannot be installed;
 * - `trusted` / `untrusted`: over HTTPS, as told by registering the service worker, which a
 *   browser refuses with a `SecurityError` when the page's certificate is not trusted (a
 *   warning clicked through);
 * - `unknown`: no service worker here (a private window, the dev server) to tell.
 */
export type CertificateTrust = 'not-needed' | 'insecure' | 'trusted' | 'untrusted' | 'unknown';

/** What {@link certificateTrust} reads of the page. */
export interface TrustProbe {
  location: { protocol: string; hostname: string };
  serviceWorker?: { register(url: string, options?: { scope: string }): Promise<unknown> };
}

const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Tells whether the page's certificate is trusted (see {@link CertificateTrust}). */
export async function certificateTrust(probe: TrustProbe): Promise<CertificateTrust> {
  if (probe.location.protocol !== 'https:') {
    return loopback.test(probe.location.hostname) ? 'not-needed' : 'insecure';
  }
  if (!probe.serviceWorker) return 'unknown';
  try {
    // The same script and scope as the app's own registration: this joins it, it adds nothing.
    await probe.serviceWorker.register('/sw.js', { scope: '/' });
    return 'trusted';
  } catch (error) {
    return (error as { name?: string }).name === 'SecurityError' ? 'untrusted' : 'unknown';
  }
}
