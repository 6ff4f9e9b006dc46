import { useEffect, useState } from 'react';
import { certificateTrust, type CertificateTrust } from './certificateTrust.ts';

/** {@link certificateTrust} for this page: `checking` until it is known. */
export function useCertificateTrust(): CertificateTrust | 'checking' {
  const [trust, setTrust] = useState<CertificateTrust | 'checking'>('checking');
  useEffect(() => {
    let live = true;
    void certificateTrust({
      location: window.location,
      ...('serviceWorker' in navigator ? { serviceWorker: navigator.serviceWorker } : {}),
    }).then((found) => live && setTrust(found));
    return () => {
      live = false;
    };
  }, []);
  return trust;
}
