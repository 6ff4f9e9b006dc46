import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateConfig } from '../../../host/config/configPath.ts';
import { loadConfig } from '../../../host/config/loadConfig.ts';
import { AgentService } from '../../../host/services/AgentService.ts';
import { Supervisor } from '../../../host/Supervisor.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { testTimings } from '../../helpers/agents.ts';
import { typescriptProcess } from '../../helpers/typescriptProcess.ts';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'switchboard-home-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('a new user’s first start', () => {
  it('creates the default configuration and runs its built-in agent through AgentService', async () => {
    const location = await locateConfig(undefined, { XDG_CONFIG_HOME: home });
    expect(location).toEqual({
      path: join(home, 'switchboard', 'config.yaml'),
      source: 'default',
      created: true,
    });
    const text = await readFile(location.path, 'utf8');
    for (const adapter of [
      '@zed-industries/claude-agent-acp',
      '@zed-industries/codex-acp',
      '@google/gemini-cli',
      '@qwen-code/qwen-code',
    ]) {
      expect(text).toContain(adapter);
    }
    const config = await loadConfig(location.path);
    expect(config.agents.map((agent) => agent.name)).toEqual(['builtin']);

    const events: HostEvent[] = [];
    const supervisor = new Supervisor({
      definitions: config.agents,
      limits: config.limits,
      language: config.language,
      emit: (event) => events.push(event),
      timings: testTimings,
    });
    const agents = new AgentService(supervisor);
    try {
      expect(agents.List()[0]).toMatchObject({ name: 'builtin', state: 'stopped' });
      await agents.Start('builtin');
      expect(agents.List()[0]?.state).toBe('ready');
      await agents.Stop('builtin');
      expect(agents.List()[0]?.state).toBe('stopped');
      expect(
        events.flatMap((event) => (event.name === 'agent:state' ? [event.data.state] : [])),
      ).toEqual(['starting', 'ready', 'stopped']);
    } finally {
      supervisor.killAll();
      await supervisor.close();
    }
  });

  it('keeps an existing default file, prefers a recent file, and refuses a missing --config file', async () => {
    await locateConfig(undefined, { XDG_CONFIG_HOME: home });
    await expect(locateConfig(undefined, { XDG_CONFIG_HOME: home })).resolves.toMatchObject({
      created: false,
    });
    await expect(locateConfig(join(home, 'nope.yaml'), {})).rejects.toThrow('no such file');
    const existing = join(home, 'switchboard', 'config.yaml');
    await expect(locateConfig(undefined, { SWITCHBOARD_CONFIG: existing })).resolves.toMatchObject({
      source: 'env',
    });
    // The most recent file opened from the app that still exists comes before the default.
    await expect(
      locateConfig(undefined, { XDG_CONFIG_HOME: join(home, 'elsewhere') }, [
        join(home, 'gone.yaml'),
        existing,
      ]),
    ).resolves.toEqual({ path: existing, source: 'recent', created: false });
  });

  it('runs the host on the default configuration and exits 0 on SIGINT', async () => {
    const { command, args } = typescriptProcess('host/main.ts', ['--port', '0', '--no-open']);
    const host = spawn(command, args, {
      env: { ...process.env, XDG_CONFIG_HOME: home, SWITCHBOARD_STATE_DIR: join(home, 'state') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    host.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(() => output, { timeout: 15_000 })
      .toMatch(/^Switchboard ready at http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m);
    const exited = new Promise<number | null>((resolve) => host.once('exit', resolve));
    host.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
