import * as x509 from '@peculiar/x509';
import { createPrivateKey, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/** A key this host signs with, and the algorithm that goes with it. */
export interface SigningKey {
  privateKey: CryptoKey;
  algorithm:
    (webcrypto.EcdsaParams & webcrypto.EcKeyImportParams) | webcrypto.RsaHashedImportParams;
}

/** ECDSA P-256 with SHA-256: accepted by iOS, Android, Windows, macOS and NSS alike. */
export const ecdsa = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A new ECDSA P-256 key pair, extractable so that it can be kept in the state dir. */
export async function newKeyPair(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ecdsa, true, ['sign', 'verify']);
}

/** A private key as PKCS#8 PEM, the form Node's TLS and mkcert read. */
export async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

const curves: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/**
 * A private key in PEM (PKCS#8, PKCS#1 or SEC 1: mkcert's RSA key as well as ours), ready to
 * sign with SHA-256. Throws on anything else.
 */
export async function importSigningKey(pem: string): Promise<SigningKey> {
  const key = createPrivateKey(pem);
  const der = key.export({ format: 'der', type: 'pkcs8' });
  const algorithm =
    key.asymmetricKeyType === 'rsa'
      ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
      : key.asymmetricKeyType === 'ec' && curves[key.asymmetricKeyDetails?.namedCurve ?? '']
        ? {
            name: 'ECDSA',
            namedCurve: curves[key.asymmetricKeyDetails!.namedCurve!]!,
            hash: 'SHA-256',
          }
        : undefined;
  if (!algorithm) throw new Error(`unsupported key type ${key.asymmetricKeyType}`);
  const privateKey = await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
  return { privateKey, algorithm };
}

/** Whether `key` is the private key of `certificate`: it signs what the certificate's key verifies. */
export async function keyMatches(
  key: SigningKey,
  certificate: x509.X509Certificate,
): Promise<boolean> {
  const data = new TextEncoder().encode('switchboard');
  const signature = await webcrypto.subtle.sign(key.algorithm, key.privateKey, data);
  // Typed with the DOM's CryptoKey, which this Node-only build does not have.
  const publicKey = (await certificate.publicKey.export(key.algorithm, [
    'verify',
  ])) as unknown as CryptoKey;
  return webcrypto.subtle.verify(key.algorithm, publicKey, signature, data);
}
