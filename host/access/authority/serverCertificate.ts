import * as x509 from '@peculiar/x509';
import type { Authority } from './authority.ts';
import { serialNumber } from './authority.ts';
import { newKeyPair, privateKeyPem } from './keys.ts';
import type { ServerNames } from './machine.ts';

const day = 24 * 3600 * 1000;

/**
 * How long a server certificate lasts: 180 days, under every limit in force — the CA/Browser
 * Forum's 200 days since March 2026 (ballot SC-081), Apple's and Chrome's 398 — though those
 * apply to public roots, not to one a user installed.
 */
const serverCertificateLifetime = 180 * day;

/** A server certificate is issued again once it has less than this left. */
const renewBefore = 30 * day;

/** A server certificate and its key, PEM, as Node's TLS takes them. */
export interface ServerCertificate {
  cert: string;
  key: string;
}

/**
 * A server certificate for `names`, signed by `authority`: ECDSA P-256, `serverAuth`, the names
 * as subject alternative names (the common name is the first one, for the tools that show it),
 * valid from an hour ago (a device's clock may be late) for {@link serverCertificateLifetime}.
 */
export async function issueServerCertificate(
  authority: Authority,
  names: ServerNames,
  now: Date,
): Promise<ServerCertificate> {
  const keys = await newKeyPair();
  const notBefore = new Date(now.getTime() - 3600 * 1000);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: `CN=${names.dns.find((name) => name.endsWith('.local')) ?? names.dns[0] ?? 'localhost'}`,
    issuer: authority.certificate.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + serverCertificateLifetime),
    publicKey: keys.publicKey,
    signingKey: authority.key.privateKey,
    signingAlgorithm: authority.key.algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dns.map((value) => ({ type: 'dns' as const, value })),
        ...names.ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(authority.certificate),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert: certificate.toString('pem'), key: await privateKeyPem(keys.privateKey) };
}

/** The names a server certificate carries, sorted. */
function namesOf(certificate: x509.X509Certificate): ServerNames {
  const names = certificate.getExtension(x509.SubjectAlternativeNameExtension)?.names.items ?? [];
  const of = (type: string) =>
    names
      .filter((name) => name.type === type)
      .map((name) => name.value)
      .sort();
  return { dns: of('dns'), ips: of('ip') };
}

/**
 * Why `certPem` cannot serve `names` for `authority` now (unreadable, another issuer, other
 * names, about to expire), or undefined when it can.
 */
export async function reasonToReissue(
  certPem: string,
  authority: Authority,
  names: ServerNames,
  now: Date,
): Promise<string | undefined> {
  let certificate: x509.X509Certificate;
  try {
    certificate = new x509.X509Certificate(certPem);
  } catch {
    return 'it cannot be read';
  }
  const signed =
    certificate.issuer === authority.certificate.subject &&
    (await certificate.verify({ publicKey: authority.certificate.publicKey, signatureOnly: true }));
  if (!signed) return 'another authority signed it';
  if (certificate.notAfter.getTime() - now.getTime() < renewBefore) return 'it expires soon';
  const held = namesOf(certificate);
  const wanted = { dns: [...names.dns].sort(), ips: [...names.ips].sort() };
  if (JSON.stringify(held) !== JSON.stringify(wanted)) return 'the names of this machine changed';
  return undefined;
}
