/**
 * Who may read what Switchboard keeps (issue 31.1), read from the disk of a real host: its state
 * dir (conversations, token, keys) and the configuration it writes (agents' API keys in `env`).
 */
import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { hostCommand } from '../helpers/hostBuild.ts';
import { hostPerTest, testToken } from '../helpers/hostProcess.ts';

// The usual umask: under 077 an unfixed host made private files too, and nothing here could fail.
const umask = process.umask(0o022);
afterAll(() => process.umask(umask));

const start = hostPerTest();
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Every folder (`root` included) and file under `root`, by path from it, with its mode. */
async function modes(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const visit = async (path: string) => {
    const stats = await lstat(path);
    found[relative(root, path) || '.'] = (stats.mode & 0o777).toString(8);
    if (stats.isDirectory())
      for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(root);
  return found;
}

/** `modes` as a private state dir has them: folders 700, files 600. */
async function privately(root: string): Promise<Record<string, string>> {
  const found = await modes(root);
  const expected: Record<string, string> = {};
  for (const path of Object.keys(found)) {
    expected[path] = (await lstat(join(root, path))).isDirectory() ? '700' : '600';
  }
  return expected;
}

// A host with TLS and a token of its own (not the tests' fixed one) makes every kind of file.
const tls = ['--tls'];
const ownToken = { SWITCHBOARD_TOKEN: '' };

describe('the state dir', () => {
  it('is made private at a fresh start: folders 0700, files 0600, the database and its log included', async () => {
    const host = await start(configText({ a: ['--session'] }), tls, ownToken);
    const state = join(host.folder, 'state');
    const found = await modes(state);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining([
        '.',
        'conversations.db',
        'conversations.db-wal',
        'token',
        'tls',
        'tls/key.pem',
        'tls/cert.pem',
        'push/vapid.json',
      ]),
    );
    expect(found).toEqual(await privately(state));
  });

  it('of an older install is made private at start, and the log says what changed', async () => {
    const config = configText({ a: ['--session'] });
    const first = await start(config, tls, ownToken);
    expect(await first.stop()).toBe(0);
    const state = join(first.folder, 'state');
    // As a host before this fix left it.
    const paths = Object.keys(await modes(state));
    for (const path of paths) {
      const folder = (await lstat(join(state, path))).isDirectory();
      await chmod(join(state, path), folder ? 0o755 : 0o644);
    }

    const again = await start(config, tls, ownToken, { folder: first.folder });
    expect(await modes(state)).toEqual(await privately(state));
    expect(again.output()).toContain(
      `Other users of this machine could read ${paths.length} entries in Switchboard’s state folder ${state}`,
    );
    expect(again.output()).toContain('conversations.db');
  });
});

describe('the configuration file Switchboard writes', () => {
  it('is 0600 when made on a first start, in a 0700 folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-modes-'));
    folders.push(folder);
    const { command, args } = hostCommand(['--port', '0', '--no-open']);
    const child = spawn(command, args, {
      env: {
        ...process.env,
        SWITCHBOARD_TOKEN: testToken,
        SWITCHBOARD_STATE_DIR: join(folder, 'state'),
        XDG_CONFIG_HOME: join(folder, 'xdg'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 45_000 }).toContain('Switchboard ready at');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const made = join(folder, 'xdg', 'switchboard');
    expect((await stat(join(made, 'config.yaml'))).mode & 0o777).toBe(0o600);
    expect((await stat(made)).mode & 0o777).toBe(0o700);
  });

  it('is 0600 once saved from the app, whatever its mode before', async () => {
    const config = configText({ a: ['--session'] });
    const host = await start(config);
    expect((await stat(host.configPath)).mode & 0o777).toBe(0o644);
    const saved = await host.rpc('ConfigService.Save', [`${config}# saved\n`]);
    expect(saved.error).toBeUndefined();
    expect((await stat(host.configPath)).mode & 0o777).toBe(0o600);
  });
});
