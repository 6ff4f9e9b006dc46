import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../helpers/agents.ts';
import { configText } from '../helpers/configHarness.ts';
import { testToken } from '../helpers/hostProcess.ts';
import { repoRoot } from '../helpers/typescriptProcess.ts';

/**
 * `npm start` and `npx switchboard` as a person runs them in a terminal: from the checkout, in a
 * process group of their own (a shell's job), with a home, a state dir and a config home of their
 * own. The command builds into the checkout's dist/ what changed, as it does for a person.
 */

const folders: string[] = [];
/** Process groups of the jobs, and agents, to kill whatever a failing test left running. */
const leftovers: number[] = [];
afterEach(async () => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

// What the first start of a checkout does, before the tests time anything: build what changed.
beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot });
  expect(build.status, build.stderr.toString()).toBe(0);
}, 300_000);

/** A new home with a configuration in it: `{ folder, config, env }`. */
async function newHome(config: string) {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-command-'));
  folders.push(folder);
  const configPath = join(folder, 'config.yaml');
  await writeFile(configPath, config);
  const env = {
    ...process.env,
    HOME: folder,
    SWITCHBOARD_STATE_DIR: join(folder, 'state'),
    XDG_CONFIG_HOME: join(folder, 'xdg'),
    SWITCHBOARD_TOKEN: testToken,
    // npm asks the registry for a newer npm now and then: not in a test.
    npm_config_update_notifier: 'false',
  };
  return { folder, configPath, env };
}

/** Runs `command` from the checkout as a terminal's job: the leader of its own process group. */
function job(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: repoRoot, env, detached: true });
  leftovers.push(-child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, output: () => output, closed };
}

/** The live (not zombie) processes of process group `group`, from /proc. */
function groupMembers(group: number): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After "(comm)": state, ppid, pgrp.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(pgrp) !== group || state === 'Z') return [];
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`];
      } catch {
        return []; // gone while read
      }
    });
}

/** Posts one JSON-RPC call to the host at `base`. */
async function rpc(base: string, method: string, params: unknown[]) {
  const response = await fetch(`${base}/api/rpc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/**
 * Starts `command` on a configuration with an agent that takes 5 s to stop (it ignores the end of
 * its stdin: SIGTERM comes after the grace period), starts that agent, sends `signal` to `target`
 * (the job's whole group, as Ctrl+C does, or its leader alone, as `kill` does), and reports what
 * was still running at the instant the leader exited.
 */
async function stopWhileAgentRuns(
  command: string,
  args: string[],
  signal: 'SIGINT' | 'SIGTERM',
  target: 'group' | 'leader',
) {
  const { configPath, env } = await newHome(
    configText({ slow: ['--ignore-stdin-close', '--report-pid'] }),
  );
  const run = job(command, [...args, '--config', configPath, '--port', '0', '--no-open'], env);
  await expect.poll(run.output, { timeout: 60_000 }).toMatch(/Switchboard ready at (\S+)/);
  const base = new URL(/Switchboard ready at (\S+)/.exec(run.output())![1]!).origin;
  await rpc(base, 'AgentService.Start', ['slow']);
  const logs = (await rpc(base, 'AgentService.Logs', ['slow'])) as string[];
  const agent = Number(logs.find((line) => line.startsWith('agent pid '))!.slice(10));
  leftovers.push(agent);
  const group = run.child.pid!;
  const members = groupMembers(group);
  const exit = new Promise<{ code: number | null; left: string[]; agentAlive: boolean }>(
    (resolve) =>
      run.child.once('exit', (code) =>
        // At once, before anything else runs: what outlived the command.
        resolve({ code, left: groupMembers(group), agentAlive: isAlive(agent) }),
      ),
  );
  const sent = Date.now();
  process.kill(target === 'group' ? -group : group, signal);
  const result = await exit;
  // A host that outlived the command keeps the output open: wait for it a while, not forever.
  await Promise.race([run.closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  return { ...result, members, seconds: (Date.now() - sent) / 1000, output: run.output() };
}

/** The host's lines of a run, in the order it printed them. */
const hostLines = (output: string) =>
  output
    .split('\n')
    .filter((line) =>
      /^(Switchboard ready at|Stopping every agent|Every agent is stopped)/.test(line),
    )
    .map((line) => line.replace(/ at .*/, ''));

describe('the switchboard command', () => {
  it('returns the shell to Ctrl+C on npm start only once the host has stopped its agents', async () => {
    const run = await stopWhileAgentRuns('npm', ['start', '--'], 'SIGINT', 'group');
    // npm runs the host itself, nothing in between (no shell): Ctrl+C reaches both.
    expect(run.members).toHaveLength(2);
    expect(run.left, 'processes of the job alive when npm returned').toEqual([]);
    expect(run.agentAlive).toBe(false);
    expect(run.code).toBe(0);
    expect(run.seconds).toBeGreaterThan(3); // it did wait for the agent's stop sequence
    expect(hostLines(run.output)).toEqual([
      'Switchboard ready',
      'Stopping every agent…',
      'Every agent is stopped. Goodbye.',
    ]);
  }, 120_000);

  it('stops the host when npm alone is told to stop, as a process manager or kill does', async () => {
    const run = await stopWhileAgentRuns('npm', ['start', '--'], 'SIGTERM', 'leader');
    expect(run.left, 'processes of the job alive when npm returned').toEqual([]);
    expect(run.agentAlive).toBe(false);
    expect(run.code).toBe(0);
    expect(hostLines(run.output).at(-1)).toBe('Every agent is stopped. Goodbye.');
  }, 120_000);

  it('runs as npx switchboard from the checkout, and Ctrl+C waits for the host there too', async () => {
    const run = await stopWhileAgentRuns('npx', ['--offline', 'switchboard'], 'SIGINT', 'group');
    expect(run.left, 'processes of the job alive when npx returned').toEqual([]);
    expect(run.agentAlive).toBe(false);
    expect(hostLines(run.output).at(-1)).toBe('Every agent is stopped. Goodbye.');
  }, 120_000);

  it('prints its options and environment with --help, in the configuration’s language', async () => {
    const built = ['dist/host/main.js', 'dist/pwa/index.html'].map(
      (file) => statSync(join(repoRoot, file)).mtimeMs,
    );
    const { configPath, env } = await newHome('language: fr\n');
    const english = job('npx', ['--offline', 'switchboard', '--help'], env);
    await english.closed;
    expect(english.child.exitCode).toBe(0);
    for (const option of ['--config PATH', '--host ADDR', '--port N', '--tls', '--no-open']) {
      expect(english.output()).toContain(`  ${option}`);
    }
    for (const variable of ['SWITCHBOARD_CONFIG', 'SWITCHBOARD_TOKEN', 'SWITCHBOARD_STATE_DIR']) {
      expect(english.output()).toMatch(new RegExp(`^  ${variable} `, 'm'));
    }
    expect(english.output()).toContain('(default: 7777)');
    // No configuration was created by asking for help.
    expect(() => statSync(join(env.XDG_CONFIG_HOME, 'switchboard'))).toThrow();

    const french = job('npm', ['start', '--', '--help'], {
      ...env,
      SWITCHBOARD_CONFIG: configPath,
    });
    await french.closed;
    expect(french.child.exitCode).toBe(0);
    expect(french.output()).toContain('Utilisation : switchboard [--config CHEMIN]');
    expect(french.output()).toContain('port ; 0 en choisit un libre (par défaut : 7777)');
    expect(french.output()).toMatch(/^ {2}SWITCHBOARD_STATE_DIR +dossier d’état/m);

    // Nothing had changed: neither start built anything again.
    expect(
      ['dist/host/main.js', 'dist/pwa/index.html'].map(
        (file) => statSync(join(repoRoot, file)).mtimeMs,
      ),
    ).toEqual(built);
  }, 120_000);
});
