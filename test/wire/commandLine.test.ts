import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../helpers/agents.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';
import { typescriptProcess } from '../helpers/typescriptProcess.ts';

const start = hostPerTest();
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Runs the host's command line to its end: exit code and output. */
async function run(args: string[], options: { tty?: boolean; env?: Record<string, string> } = {}) {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-cli-'));
  folders.push(folder);
  const { command, args: nodeArgs } = typescriptProcess('host/main.ts', args);
  const line = [command, ...nodeArgs].map((word) => `'${word}'`).join(' ');
  // `script` gives the host a terminal, as a person's shell would.
  const [program, programArgs] = options.tty
    ? ['script', ['-qefc', line, '/dev/null']]
    : [command, nodeArgs];
  const child = spawn(program, programArgs, {
    env: {
      ...process.env,
      SWITCHBOARD_STATE_DIR: join(folder, 'state'),
      XDG_CONFIG_HOME: folder,
      ...options.env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, folder, output: () => output };
}

describe('the command line (CONTRACT.md §1)', () => {
  it('stops every running agent at once on SIGINT, then exits 0', async () => {
    const host = await start(
      configText({
        a: ['--ignore-stdin-close', '--report-pid'],
        b: ['--ignore-stdin-close', '--report-pid'],
      }),
    );
    await Promise.all([
      host.rpc('AgentService.Start', ['a']),
      host.rpc('AgentService.Start', ['b']),
    ]);
    const pids = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const logs = (await host.rpc('AgentService.Logs', [name])).result as string[];
        return Number(logs.find((line) => line.startsWith('agent pid '))!.slice(10));
      }),
    );
    const started = Date.now();
    expect(await host.stop()).toBe(0);
    // Both stop sequences ran together: 5 s to SIGTERM once, not twice.
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(pids.map(isAlive)).toEqual([false, false]);
  }, 30_000);

  it('refuses a bad port and a missing --config file with a sentence and exit code 2', async () => {
    const badPort = await run(['--port', 'seventy']);
    expect(await new Promise((resolve) => badPort.child.once('exit', resolve))).toBe(2);
    expect(badPort.output()).toContain('--port wants a port number from 0 to 65535, not “seventy”');
    const missing = await run(['--config', '/nonexistent/config.yaml']);
    expect(await new Promise((resolve) => missing.child.once('exit', resolve))).toBe(2);
    expect(missing.output()).toContain('no such file: /nonexistent/config.yaml');
  });

  it('prints the ready line then a QR code of a one-time pairing link when stdout is a terminal', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-cli-'));
    folders.push(folder);
    await writeFile(join(folder, 'config.yaml'), configText({ a: [] }));
    const host = await run(['--config', join(folder, 'config.yaml'), '--port', '0', '--no-open'], {
      tty: true,
      env: { SWITCHBOARD_TOKEN: 'qr-test-token' },
    });
    await expect
      .poll(host.output)
      .toMatch(/Switchboard ready at http:\/\/127\.0\.0\.1:\d+\/\?token=qr-test-token/);
    // qrcode-terminal's small mode draws with half blocks.
    await expect.poll(host.output).toMatch(/[▀▄█]{10}/);
    // The QR code is a pairing link's, not the token's: it pairs one device, once.
    const link = /(http:\/\/127\.0\.0\.1:(\d+))\/pair\?code=([2-9A-Z]{10})/;
    await expect.poll(host.output).toMatch(link);
    const [, base, , code] = link.exec(host.output())!;
    const pair = () =>
      fetch(`${base}/api/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, name: 'Tablet' }),
      });
    const paired = await pair();
    expect(paired.status).toBe(200);
    expect(paired.headers.get('set-cookie')).toMatch(/^switchboard_\d+=d\./);
    expect((await pair()).status).toBe(401);
    const exited = new Promise((resolve) => host.child.once('exit', resolve));
    host.child.kill('SIGINT');
    await exited;
  });
});
