/**
 * What an agent may reach of Switchboard itself, through a real host and a real agent process:
 * never its configuration files (the one in use, the one it started with, the recent ones) nor
 * its state dir, whatever the agent's cwd and however the path is spelt; never the host's own
 * `SWITCHBOARD_*` variables.
 */
import { link, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../host/i18n.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { ChatClient, runScript } from '../helpers/chat.ts';
import { hostPerTest, testToken } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** A configuration whose agent `a` (the fake agent) works in `cwd`, with `env`. */
function configFor(
  cwd: string,
  { language = 'en', env = {}, flags = [] as string[] } = {},
): string {
  const { command, args } = fakeAgentCommand(['--session', ...flags]);
  return [
    `language: ${language}`,
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  a:',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    `    cwd: ${JSON.stringify(cwd)}`,
    `    env: ${JSON.stringify(env)}`,
    '',
  ].join('\n');
}

const ownFile = /error -32602: .* is one of Switchboard's own files/;

describe("an agent and Switchboard's own files", () => {
  it('refuses the configuration and the state dir by path, by .. and through symlinks', async () => {
    const host = await start('language: en\nagents: {}\n');
    const { folder, configPath } = host;
    const state = join(folder, 'state');
    await mkdir(join(state, 'mesh'), { recursive: true });
    await writeFile(join(state, 'secret'), 'the token');
    await writeFile(join(folder, 'notes.md'), 'mine');
    await mkdir(join(folder, 'sub'));
    await symlink(configPath, join(folder, 'link.yaml'));
    await symlink(state, join(folder, 'state-link'));
    await symlink(join(state, 'future.db'), join(folder, 'dangling'));
    // The agent works in the configuration's own folder, the default cwd.
    const config = configFor(folder, { env: { API_KEY: 'agent-b-key' } });
    await writeFile(configPath, config);
    const chat = new ChatClient(await host.connect());
    await expect
      .poll(async () => (await chat.wire.call('AgentService.List')).result)
      .toEqual([expect.objectContaining({ name: 'a' })]);

    const reads = [
      configPath,
      join(folder, 'sub', '..', 'config.yaml'),
      join(folder, 'link.yaml'),
      join(state, 'secret'),
      join(folder, 'state-link', 'secret'),
      join(folder, 'sub', '..', 'state', 'secret'),
    ];
    const writes = [
      configPath,
      join(folder, 'link.yaml'),
      join(state, 'secret'),
      join(state, 'mesh', 'new.json'),
      join(folder, 'state-link', 'new'),
      join(folder, 'dangling'),
    ];
    const text = await runScript(
      chat,
      'a',
      { read: { path: join(folder, 'notes.md') } },
      { text: '\n' },
      ...reads.flatMap((path) => [{ read: { path } }, { text: '\n' }]),
      ...writes.flatMap((path) => [
        { write: { path, content: 'command: /bin/evil' } },
        { text: '\n' },
      ]),
    );
    const [notes, ...refusals] = text.trimEnd().split('\n');
    expect(notes).toBe('read: mine');
    expect(refusals).toHaveLength(reads.length + writes.length);
    for (const [index, refusal] of refusals.entries()) {
      expect(refusal, [...reads, ...writes][index]).toMatch(ownFile);
    }
    expect(refusals.join('\n')).not.toContain('agent-b-key');
    expect(await readFile(configPath, 'utf8')).toBe(config);
    expect(await readFile(join(state, 'secret'), 'utf8')).toBe('the token');

    const logs = (await chat.wire.call('AgentService.Logs', ['a'])).result as string[];
    expect(logs).toContain(
      translate('en', 'files.refusedOwn', { method: 'fs/write_text_file', path: configPath }),
    );
    expect(logs).toContain(
      translate('en', 'files.refusedOwn', {
        method: 'fs/read_text_file',
        path: join(folder, 'state-link', 'secret'),
      }),
    );
  });

  it('refuses a hard link to them in its cwd, attached or read: compared by device and inode', async () => {
    const host = await start('language: en\nagents: {}\n');
    const { folder, configPath } = host;
    const state = join(folder, 'state');
    await mkdir(state, { recursive: true });
    await writeFile(join(state, 'secret'), 'the token');
    const cwd = join(folder, 'work');
    await mkdir(cwd);
    const prompts = join(folder, 'prompts.log');
    const config = configFor(cwd, {
      env: { API_KEY: 'agent-b-key' },
      flags: ['--embedded-context', `--prompt-log=${prompts}`],
    });
    await writeFile(configPath, config);
    // Hard links: the same files as the configuration and the state dir's, at paths of the cwd.
    await link(configPath, join(cwd, 'settings.yaml'));
    await link(join(state, 'secret'), join(cwd, 'secret.txt'));
    await writeFile(join(cwd, 'notes.md'), 'mine');
    const chat = new ChatClient(await host.connect());
    await expect
      .poll(async () => (await chat.wire.call('AgentService.List')).result)
      .toEqual([expect.objectContaining({ name: 'a' })]);

    for (const path of ['settings.yaml', 'secret.txt']) {
      const sent = await chat.wire.call('ChatService.Send', [
        'a',
        'look',
        [{ kind: 'file', path }],
      ]);
      expect(sent.error?.code, path).toBe(-32602);
      expect(sent.error?.message).toBe(translate('en', 'attachment.fileOwn', { path }));
    }
    const text = await runScript(
      chat,
      'a',
      ...['settings.yaml', 'secret.txt', 'notes.md'].flatMap((name) => [
        { read: { path: join(cwd, name) } },
        { text: '\n' },
      ]),
      { write: { path: join(cwd, 'settings.yaml'), content: 'command: /bin/evil' } },
    );
    const [config1, secret, notes, write] = text.split('\n');
    for (const refusal of [config1, secret, write]) expect(refusal).toMatch(ownFile);
    expect(notes).toBe('read: mine');
    // Nothing of either file reached the agent: one prompt, the script's, and what it was answered.
    const received = await readFile(prompts, 'utf8');
    expect(received.trim().split('\n')).toHaveLength(1);
    for (const leaked of ['agent-b-key', 'the token']) {
      expect(received).not.toContain(leaked);
      expect(text).not.toContain(leaked);
    }
    expect(await readFile(configPath, 'utf8')).toBe(config);
  });

  it('refuses every configuration the host started with or opened, in the user’s language', async () => {
    const host = await start('language: en\nagents: {}\n');
    const { folder, configPath: first } = host;
    const [second, third] = [join(folder, 'second.yaml'), join(folder, 'third.yaml')];
    await writeFile(second, configFor(folder));
    await writeFile(third, configFor(folder, { language: 'fr' }));
    const chat = new ChatClient(await host.connect());
    for (const path of [second, third]) {
      expect((await chat.wire.call('ConfigService.Open', [path])).error).toBeUndefined();
    }
    // `first` is where the host started, `second` a recent file, `third` the one in use.
    const text = await runScript(
      chat,
      'a',
      ...[first, second, third].flatMap((path) => [{ read: { path } }, { text: '\n' }]),
    );
    const refusals = text.trimEnd().split('\n');
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toMatch(ownFile);
    const logs = (await chat.wire.call('AgentService.Logs', ['a'])).result as string[];
    expect(logs).toContain(
      translate('fr', 'files.refusedOwn', { method: 'fs/read_text_file', path: second }),
    );
  });
});

describe("an agent's environment", () => {
  it("is the host's without its SWITCHBOARD_ variables, plus the agent's env and its run's marker", async () => {
    const host = await start('agents: {}\n', [], {
      SWITCHBOARD_LOG_LEVEL: 'warn',
      SWITCHBOARD_MESH_TTL: '10m',
      switchboard_lower: 'case does not hide it',
    });
    await writeFile(
      host.configPath,
      configFor(host.folder, { env: { API_KEY: 'k', SWITCHBOARD_MINE: 'set by the user' } }),
    );
    const chat = new ChatClient(await host.connect());
    await expect
      .poll(async () => (await chat.wire.call('AgentService.List')).result)
      .toEqual([expect.objectContaining({ name: 'a' })]);
    const env = JSON.parse(await runScript(chat, 'a', { echoEnv: true })) as Record<string, string>;
    // The run's marker (workers/processTree.ts) is the one the host adds: it names the run, no secret.
    expect(
      Object.keys(env)
        .filter((name) => /^switchboard_/i.test(name))
        .sort(),
    ).toEqual(['SWITCHBOARD_AGENT_RUN', 'SWITCHBOARD_MINE']);
    expect(env.SWITCHBOARD_AGENT_RUN).toMatch(/^[\w.-]+$/);
    expect(JSON.stringify(env)).not.toContain(testToken);
    expect(env).toMatchObject({ API_KEY: 'k', SWITCHBOARD_MINE: 'set by the user' });
    expect(env.PATH).toBe(process.env.PATH);
  });
});
