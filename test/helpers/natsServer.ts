import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's `nats-server` (`.ci/run` installs it), or the one on PATH. */
const natsServerBinary = existsSync('/usr/sbin/nats-server')
  ? '/usr/sbin/nats-server'
  : 'nats-server';

/** A port nobody listens on, now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface NatsServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real NATS server with JetStream on loopback, its store in a temporary folder, for the mesh's
 * tests. `options.user`/`password` make it require them.
 */
export async function startNatsServer(
  options: { user?: string; password?: string } = {},
): Promise<NatsServer> {
  const store = await mkdtemp(join(tmpdir(), 'switchboard-nats-'));
  const port = await freePort();
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store];
  if (options.user) args.push('--user', options.user, '--pass', options.password ?? '');
  const child: ChildProcess = spawn(natsServerBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`nats-server did not start:\n${output}`)),
      10_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const missing = 'nats-server is not installed: apt-get install nats-server (as .ci/run does)';
      reject(error.code === 'ENOENT' ? new Error(missing) : error);
    });
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(store, { recursive: true, force: true });
    },
  };
}
