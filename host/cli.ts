import { parseArgs } from 'node:util';
import { translate } from './i18n.ts';
import { isLoopback } from './server/localNames.ts';

/** The command line of CONTRACT.md §1, resolved. */
export interface CliOptions {
  config: string | undefined;
  host: string;
  port: number;
  tls: boolean;
  open: boolean;
  /** `--help`: print the options and the environment, then exit. */
  help: boolean;
}

/** A command line that cannot be used, with the sentence that says why. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * `switchboard [--config PATH] [--host ADDR] [--port N] [--tls] [--no-open] [--help]`, or
 * `npm start -- …`. TLS is on by default when the host is reachable from other machines (not
 * loopback); `--no-tls` turns it off.
 */
export function parseCli(argv: readonly string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        config: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '7777' },
        tls: { type: 'boolean' },
        open: { type: 'boolean', default: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowNegative: true,
      strict: true,
    }));
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const port = Number(values.port);
  if (!values.help && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    // Before any configuration is read, the command line speaks English.
    throw new CliError(translate('en', 'cli.badPort', { port: values.port }));
  }
  return {
    config: values.config,
    host: values.host,
    port,
    tls: values.tls ?? !isLoopback(values.host),
    open: values.open,
    help: values.help,
  };
}
