import type { FastifyInstance } from 'fastify';
import type { Authority } from '../access/authority/authority.ts';
import { mobileconfig } from '../access/authority/mobileconfig.ts';
import { translate, type Language } from '../i18n.ts';

/** Options of {@link authorityRoutes}. */
export interface AuthorityRoutesOptions {
  /** The authority now (a new host name can make a new one). */
  authority: () => Authority;
  /** This machine's host name, as the profile names it. */
  machine: () => string;
  language: () => Language;
}

/**
 * The authority for devices to trust (CONTRACT.md §9), public like the app's files:
 * `GET /ca.crt`, its certificate in DER — what Android's "Install a certificate", Windows and
 * macOS open, and NSS's `certutil -i` reads — and `GET /ca.mobileconfig`, an iOS/iPadOS profile
 * of it, which Safari offers to install. Neither is cached: the authority can change.
 */
export function authorityRoutes(app: FastifyInstance, options: AuthorityRoutesOptions): void {
  app.get('/ca.crt', (_request, reply) =>
    reply
      .type('application/x-x509-ca-cert')
      .header('content-disposition', 'attachment; filename="switchboard-ca.crt"')
      .header('cache-control', 'no-cache')
      .send(options.authority().der),
  );
  app.get('/ca.mobileconfig', (_request, reply) => {
    const machine = options.machine();
    const profile = mobileconfig(options.authority(), {
      name: translate(options.language(), 'ca.profile.name', { machine }),
      description: translate(options.language(), 'ca.profile.description', { machine }),
    });
    return reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', 'inline; filename="switchboard.mobileconfig"')
      .header('cache-control', 'no-cache')
      .send(profile);
  });
}
