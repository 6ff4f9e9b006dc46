import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../config/atomicWrite.ts';
import { loadAuthority, type Authority } from './authority.ts';
import { importSigningKey, keyMatches } from './keys.ts';
import { coveredNames, currentMachine, uncoveredNames, type Machine } from './machine.ts';
import {
  issueServerCertificate,
  reasonToReissue,
  type ServerCertificate,
} from './serverCertificate.ts';
import * as x509 from '@peculiar/x509';

type Env = Readonly<Record<string, string | undefined>>;

/** Options of {@link TlsMaterial.open}. */
export interface TlsOptions {
  /** The host's state dir: its TLS files are in `tls/` there. */
  stateDir: string;
  /** This machine's names and addresses, read on each check (default: the real ones). */
  machine?: () => Machine;
  now?: () => Date;
  /** Where mkcert's root is looked for. */
  env?: Env;
  warn?: (message: string) => void;
}

/**
 * What `--tls` serves with (CONTRACT.md §9): an authority ({@link loadAuthority}) and a server
 * certificate it signed for this machine's names and addresses, kept in `<state>/tls`
 * (`cert.pem`, and `key.pem` mode 0600). The certificate is issued again when the names change,
 * when it nears its end, or when another authority signed it (the self-signed certificate of
 * earlier versions): see {@link TlsMaterial.refresh}.
 *
 * @example
 * const tls = await TlsMaterial.open({ stateDir });
 * const app = Fastify({ https: tls.current() });
 * setInterval(async () => {
 *   const changed = await tls.refresh();
 *   if (changed) app.server.setSecureContext(changed);
 * }, 60_000);
 */
export class TlsMaterial {
  #authority: Authority;
  #current: ServerCertificate;
  readonly #options: TlsOptions;

  private constructor(options: TlsOptions, authority: Authority, current: ServerCertificate) {
    this.#options = options;
    this.#authority = authority;
    this.#current = current;
  }

  /** The authority and a server certificate fit for this machine now, made or issued if need be. */
  static async open(options: TlsOptions): Promise<TlsMaterial> {
    const material = new TlsMaterial(options, await loadAuthority(authorityOptions(options)), {
      cert: '',
      key: '',
    });
    const files = material.#files();
    const stored = {
      cert: await readFile(files.cert, 'utf8').catch(() => ''),
      key: await readFile(files.key, 'utf8').catch(() => ''),
    };
    if (!(await material.#reason(stored))) {
      await chmod(files.key, 0o600);
      material.#current = stored;
    } else {
      await material.#issue();
    }
    return material;
  }

  /** The authority that signed the server certificate: what `/ca.crt` serves. */
  get authority(): Authority {
    return this.#authority;
  }

  /** The server certificate and its key. */
  current(): ServerCertificate {
    return this.#current;
  }

  /**
   * Checks the names and addresses of this machine and the certificate's end: the new server
   * certificate when it had to be issued again, else undefined. A new host name the authority
   * does not cover makes a new authority.
   */
  async refresh(): Promise<ServerCertificate | undefined> {
    const machine = this.#machine();
    if (!coveredNames(machine, this.#authority.constraints).dns.includes(machine.hostname)) {
      this.#authority = await loadAuthority(authorityOptions(this.#options));
    }
    if (!(await this.#reason(this.#current))) return undefined;
    await this.#issue();
    return this.#current;
  }

  #machine(): Machine {
    return (this.#options.machine ?? currentMachine)();
  }

  #now(): Date {
    return (this.#options.now ?? (() => new Date()))();
  }

  #files() {
    const folder = join(this.#options.stateDir, 'tls');
    return { folder, cert: join(folder, 'cert.pem'), key: join(folder, 'key.pem') };
  }

  /** Why `material` cannot serve now, or undefined when it can. */
  async #reason(material: ServerCertificate): Promise<string | undefined> {
    const names = coveredNames(this.#machine(), this.#authority.constraints);
    const reason = await reasonToReissue(material.cert, this.#authority, names, this.#now());
    if (reason) return reason;
    try {
      const key = await importSigningKey(material.key);
      if (await keyMatches(key, new x509.X509Certificate(material.cert))) return undefined;
    } catch {
      // unreadable: the same as another key
    }
    return 'its key is missing or not its own';
  }

  async #issue(): Promise<void> {
    const machine = this.#machine();
    const left = uncoveredNames(machine, this.#authority.constraints);
    if (left.length > 0) {
      this.#options.warn?.(
        `TLS: the certificate authority does not cover ${left.join(', ')}: use this machine's name instead`,
      );
    }
    const names = coveredNames(machine, this.#authority.constraints);
    this.#current = await issueServerCertificate(this.#authority, names, this.#now());
    const files = this.#files();
    await mkdir(files.folder, { recursive: true, mode: 0o700 });
    await writeFileAtomic(files.key, this.#current.key, 0o600);
    await writeFileAtomic(files.cert, this.#current.cert, 0o600);
  }
}

function authorityOptions(options: TlsOptions) {
  return {
    folder: join(options.stateDir, 'tls'),
    machine: (options.machine ?? currentMachine)(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
  };
}
