import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import WebSocket from 'ws';
import { hostCommand } from './hostBuild.ts';

export const testToken = 'test-token-0123456789abcdefghijklmnopqrstuv';

/** A JSON-RPC response as the wire sends it. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: { kind?: string } };
}

/** An event notification as the wire sends it. */
export interface EventFrame {
  seq: number;
  name: string;
  data: unknown;
}

/** A real Switchboard host process, started on a temporary configuration. */
export interface HostProcess {
  url: string;
  base: string;
  folder: string;
  configPath: string;
  pid: number;
  /** Everything the host wrote on stdout and stderr. */
  output: () => string;
  rpc: (
    method: string,
    params?: unknown[],
    headers?: Record<string, string>,
  ) => Promise<RpcResponse>;
  /** `POST /api/rpc` with a raw body. */
  post: (body: string | Buffer, headers?: Record<string, string>) => Promise<Response>;
  connect: (query?: string, headers?: Record<string, string>) => Promise<WireClient>;
  /** SIGINT (or `signal`: a graceful quit), then the exit code. */
  stop: (signal?: 'SIGINT' | 'SIGTERM') => Promise<number | null>;
  /** SIGKILL: the host dies at once, as in a power cut of its process. */
  kill: () => Promise<void>;
}

/** A WebSocket client of the wire: its events, and calls that resolve with their responses. */
export class WireClient {
  readonly events: EventFrame[] = [];
  /** Notifications other than events (the inspector's `inspect`), with their params. */
  readonly notifications: { method: string; params: unknown }[] = [];
  readonly #pending = new Map<number, (response: RpcResponse) => void>();
  #nextId = 1;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as RpcResponse & {
        method?: string;
        params?: EventFrame;
      };
      if (message.method === 'event' && message.params) this.events.push(message.params);
      else if (message.method)
        this.notifications.push({ method: message.method, params: message.params });
      else if (typeof message.id === 'number') this.#pending.get(message.id)?.(message);
    });
  }

  call(method: string, params: unknown[] = []): Promise<RpcResponse> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  lastSeq(): number {
    return this.events.at(-1)?.seq ?? 0;
  }

  close(): void {
    this.socket.terminate();
  }
}

const readyLine = /Switchboard ready at (\S+)/;

/** Where a host runs: by default a new temporary folder; `folder` to run again on one's state. */
export interface HostPlace {
  folder?: string;
}

/**
 * Starts a host on `config` written to its folder's `config.yaml`; with `undefined`, on no
 * `--config` at all: the host writes its default file (under the folder's `xdg/`) as on a first
 * start.
 */
export type StartHost = (
  config: string | undefined,
  args?: string[],
  env?: Record<string, string>,
  place?: HostPlace,
) => Promise<HostProcess>;

/** The environment a test host runs with in `folder` (its state dir, its own config home). */
const hostEnvironment = (folder: string, env: Record<string, string> = {}) => ({
  ...process.env,
  SWITCHBOARD_TOKEN: testToken,
  SWITCHBOARD_STATE_DIR: join(folder, 'state'),
  XDG_CONFIG_HOME: join(folder, 'xdg'),
  ...env,
});

/**
 * Runs a host in `folder` on its `config.yaml` that is expected to stop by itself (it refuses to
 * start): its exit code and everything it wrote. A host that starts instead is killed (code
 * `null`), so that the test fails on what it says rather than on its timeout.
 */
export async function hostUntilExit(
  folder: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const { command, args } = hostCommand([
    '--config',
    join(folder, 'config.yaml'),
    '--port',
    '0',
    '--no-open',
  ]);
  const child = spawn(command, args, { env: hostEnvironment(folder, env) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on('data', () => readyLine.test(output) && child.kill('SIGKILL'));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** For a test file: `start(config)` runs a host, stopped (and its folder removed) after the test. */
export function hostPerTest(): StartHost {
  return hostsUntil(afterEach);
}

/** For a test file: `start(config)` runs a host, stopped after the file's last test. */
export function hostPerFile(): StartHost {
  return hostsUntil(afterAll);
}

async function waitFor<T>(read: () => T | undefined | null, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not there after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function hostsUntil(cleanup: typeof afterEach): StartHost {
  const running: { child: ChildProcessWithoutNullStreams; folder: string }[] = [];
  cleanup(async () => {
    for (const { child } of running) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }
    const folders = new Set(running.splice(0).map(({ folder }) => folder));
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  return async (config, args = [], env = {}, place = {}) => {
    const folder = place.folder ?? (await mkdtemp(join(tmpdir(), 'switchboard-host-')));
    const configPath =
      config === undefined
        ? join(folder, 'xdg', 'switchboard', 'config.yaml')
        : join(folder, 'config.yaml');
    if (config !== undefined) await writeFile(configPath, config);
    const { command, args: nodeArgs } = hostCommand([
      ...(config === undefined ? [] : ['--config', configPath]),
      '--port',
      '0',
      '--no-open',
      ...args,
    ]);
    const child = spawn(command, nodeArgs, { env: hostEnvironment(folder, env) });
    running.push({ child, folder });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A host from source takes ~2 s to be ready; on a loaded 2-core machine, over 20 s was seen.
    const url = (await waitFor(() => readyLine.exec(output), 45_000))[1]!;
    const base = new URL(url).origin;
    const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/rpc`, {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${testToken}`,
          'content-type': 'application/json',
          ...headers,
        },
      });
    let ids = 0;
    return {
      url,
      base,
      folder,
      configPath,
      pid: child.pid!,
      output: () => output,
      post,
      rpc: async (method, params = [], headers = {}) => {
        const response = await post(
          JSON.stringify({ jsonrpc: '2.0', id: ++ids, method, params }),
          headers,
        );
        return (await response.json()) as RpcResponse;
      },
      connect: (query = '', headers = {}) =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws${query}`, {
            headers: { authorization: `Bearer ${testToken}`, ...headers },
          });
          const client = new WireClient(socket);
          socket.once('open', () => resolve(client));
          socket.once('error', reject);
          socket.once('unexpected-response', (_request, response) =>
            reject(new Error(`upgrade refused: ${response.statusCode}`)),
          );
        }),
      stop: async (signal = 'SIGINT') => {
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill(signal);
        return exited;
      },
      kill: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
    };
  };
}
