import { createHash } from 'node:crypto';
import { build } from 'plist';
import type { Authority } from './authority.ts';

/** What the profile says to the person installing it, in their language. */
export interface ProfileText {
  /** The profile's and the certificate payload's name in Settings. */
  name: string;
  description: string;
}

/**
 * An iOS/iPadOS configuration profile that installs `authority` as a root certificate
 * (Apple's "Configuration Profile Reference", payload type `com.apple.security.root`). Unsigned:
 * Settings shows it as "Not Verified", which says nothing about the certificate in it. Its ids
 * come from the certificate's fingerprint: downloading it again replaces the profile installed,
 * a new authority installs beside it.
 */
export function mobileconfig(authority: Authority, text: ProfileText): string {
  const fingerprint = createHash('sha256').update(authority.der).digest('hex');
  const identifier = `local.switchboard.authority.${fingerprint.slice(0, 16)}`;
  return build({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: identifier,
    PayloadUUID: uuidOf(fingerprint, 'profile'),
    PayloadDisplayName: text.name,
    PayloadDescription: text.description,
    PayloadOrganization: 'Switchboard',
    PayloadRemovalDisallowed: false,
    PayloadContent: [
      {
        PayloadType: 'com.apple.security.root',
        PayloadVersion: 1,
        PayloadIdentifier: `${identifier}.root`,
        PayloadUUID: uuidOf(fingerprint, 'root'),
        PayloadDisplayName: text.name,
        PayloadCertificateFileName: 'switchboard-ca.crt',
        PayloadContent: authority.der,
      },
    ],
  });
}

/** A UUID (version 8, RFC 9562: made from a hash) for one part of the profile. */
function uuidOf(fingerprint: string, part: string): string {
  const hex = createHash('sha256').update(`${fingerprint}/${part}`).digest('hex').slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const digits = `${hex.slice(0, 12)}8${hex.slice(13, 16)}${variant}${hex.slice(17)}`;
  return [
    digits.slice(0, 8),
    digits.slice(8, 12),
    digits.slice(12, 16),
    digits.slice(16, 20),
    digits.slice(20),
  ]
    .join('-')
    .toUpperCase();
}
