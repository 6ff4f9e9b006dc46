import { AsnConvert } from '@peculiar/asn1-schema';
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  NameConstraints,
  id_ce_nameConstraints,
} from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../config/atomicWrite.ts';
import {
  ecdsa,
  importSigningKey,
  keyMatches,
  newKeyPair,
  privateKeyPem,
  type SigningKey,
} from './keys.ts';
import { constraintsFor, coveredNames, type Constraints, type Machine } from './machine.ts';
import { findMkcertRoot } from './mkcertRoot.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The certificate authority that signs the host's server certificate. */
export interface Authority {
  certificate: x509.X509Certificate;
  /** Its certificate, PEM. */
  pem: string;
  /** Its certificate, DER: what `/ca.crt` serves. */
  der: Buffer;
  key: SigningKey;
  /** Made by this host, or mkcert's root already trusted on the machine. */
  source: 'switchboard' | 'mkcert';
  /** What it may sign for; none for mkcert's root. */
  constraints: Constraints | undefined;
}

/** Options of {@link loadAuthority}. */
export interface AuthorityOptions {
  /** Where the host keeps its own authority: `<state dir>/tls`. */
  folder: string;
  machine: Machine;
  now?: () => Date;
  /** Where mkcert's root is looked for (`CAROOT`, `HOME`…). */
  env?: Env;
  /** Says why an authority was not used, or was made anew. */
  warn?: (message: string) => void;
}

const day = 24 * 3600 * 1000;
/** An authority lasts ten years, as mkcert's does; a new one means trusting it again on every device. */
const authorityLifetime = 3650 * day;

/** The files of the host's own authority in `folder`; its key is mode 0600. */
const authorityFiles = (folder: string) => ({
  cert: join(folder, 'ca.pem'),
  key: join(folder, 'ca-key.pem'),
});

/**
 * The authority for `--tls`: mkcert's root when this machine has a usable one, else the host's
 * own, made once and kept in `folder`. The host's own is made anew, with a warning, when its
 * files are unreadable, do not match, expire within a year, or no longer cover the host name.
 */
export async function loadAuthority(options: AuthorityOptions): Promise<Authority> {
  const now = options.now ?? (() => new Date());
  const warn = options.warn ?? (() => {});
  const mkcert = await findMkcertRoot(options.env);
  if (mkcert) {
    try {
      return await parseAuthority(mkcert.cert, mkcert.key, 'mkcert', now());
    } catch (error) {
      warn(`mkcert's root in ${mkcert.folder} cannot be used (${(error as Error).message})`);
    }
  }
  const files = authorityFiles(options.folder);
  const stored = await Promise.all([
    readFile(files.cert, 'utf8').catch(() => undefined),
    readFile(files.key, 'utf8').catch(() => undefined),
  ]);
  const [cert, key] = stored;
  if (cert !== undefined || key !== undefined) {
    try {
      if (cert === undefined || key === undefined) throw new Error('half of it is missing');
      const authority = await parseAuthority(cert, key, 'switchboard', now());
      if (authority.certificate.notAfter.getTime() - now().getTime() < 365 * day) {
        throw new Error('it expires within a year');
      }
      const { hostname } = options.machine;
      if (!coveredNames(options.machine, authority.constraints).dns.includes(hostname)) {
        throw new Error(`it does not cover this machine's name “${hostname}”`);
      }
      await chmod(files.key, 0o600);
      return authority;
    } catch (error) {
      warn(
        `TLS: a new certificate authority replaces the one in ${options.folder} ` +
          `(${(error as Error).message}): devices must trust the new one`,
      );
    }
  }
  return makeAuthority(options.folder, options.machine, now());
}

/** An authority from its PEM files, checked: a CA certificate, valid now, and its own key. */
async function parseAuthority(
  certPem: string,
  keyPem: string,
  source: Authority['source'],
  now: Date,
): Promise<Authority> {
  const certificate = new x509.X509Certificate(certPem);
  const basic = certificate.getExtension(x509.BasicConstraintsExtension);
  if (!basic?.ca) throw new Error('its certificate is not a CA');
  if (certificate.notBefore > now || certificate.notAfter <= now) {
    throw new Error('its certificate is not valid now');
  }
  const key = await importSigningKey(keyPem);
  if (!(await keyMatches(key, certificate))) throw new Error('its key is not its certificate’s');
  return {
    certificate,
    pem: certificate.toString('pem'),
    der: Buffer.from(certificate.rawData),
    key,
    source,
    constraints: readConstraints(certificate),
  };
}

async function makeAuthority(folder: string, machine: Machine, now: Date): Promise<Authority> {
  const keys = await newKeyPair();
  const constraints = constraintsFor(machine);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: `CN=Switchboard on ${machine.hostname.replace(/[,+=<>#;"\\]/g, '-')}, O=Switchboard`,
    notBefore: new Date(now.getTime() - 3600 * 1000),
    notAfter: new Date(now.getTime() + authorityLifetime),
    keys,
    signingAlgorithm: ecdsa,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      nameConstraintsExtension(constraints),
    ],
  });
  const files = authorityFiles(folder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFileAtomic(files.key, await privateKeyPem(keys.privateKey), 0o600);
  await writeFileAtomic(files.cert, certificate.toString('pem'), 0o600);
  return {
    certificate,
    pem: certificate.toString('pem'),
    der: Buffer.from(certificate.rawData),
    key: { privateKey: keys.privateKey, algorithm: ecdsa },
    source: 'switchboard',
    constraints,
  };
}

/** A positive 128-bit serial number (RFC 5280 allows 20 octets; the top bit clear keeps it positive). */
export function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

/** The critical `nameConstraints` extension (RFC 5280 §4.2.1.10) of `constraints`. */
function nameConstraintsExtension(constraints: Constraints): x509.Extension {
  const subtrees = [
    ...constraints.dns.map((dNSName) => new GeneralName({ dNSName })),
    ...constraints.ips.map((iPAddress) => new GeneralName({ iPAddress })),
  ].map((base) => new GeneralSubtree({ base }));
  const value = AsnConvert.serialize(
    new NameConstraints({ permittedSubtrees: new GeneralSubtrees(subtrees) }),
  );
  return new x509.Extension(id_ce_nameConstraints, true, value);
}

/** The permitted names of a certificate's `nameConstraints`, or undefined when it has none. */
function readConstraints(certificate: x509.X509Certificate): Constraints | undefined {
  const extension = certificate.getExtension(id_ce_nameConstraints);
  if (!extension) return undefined;
  const parsed = AsnConvert.parse(extension.value, NameConstraints);
  const bases = (parsed.permittedSubtrees ?? []).map((subtree) => subtree.base);
  return {
    dns: bases.flatMap((base) => (base.dNSName === undefined ? [] : [base.dNSName])),
    ips: bases.flatMap((base) => (base.iPAddress === undefined ? [] : [base.iPAddress])),
  };
}
