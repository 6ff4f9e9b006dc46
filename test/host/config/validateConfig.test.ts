import { writeFile } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfigText } from '../../../host/config/defaultConfig.ts';
import { ConfigError, loadConfig, parseConfig } from '../../../host/config/loadConfig.ts';
import { validateConfig } from '../../../host/config/validateConfig.ts';
import { validationFolderPerFile } from '../../helpers/validationFolder.ts';

const fixture = validationFolderPerFile();

describe('a valid configuration', () => {
  it('resolves: defaults applied, paths absolute, durations in milliseconds', () => {
    const text = [
      'language: fr',
      'theme: dark',
      'limits:',
      '  stopIdleAgentsAfter: 90s',
      'agents:',
      '  claude:',
      '    command: agent-bin',
      '    args: ["-y", "@zed-industries/claude-agent-acp"]',
      '    env: {ANTHROPIC_API_KEY: "sk"}',
      '    cwd: ~/code',
      '  local:',
      '    title: Local',
      '    icon: "🧭"',
      '    description: Works offline',
      '    command: agent-bin',
      '    cwd: work',
      '  plain:',
      '    command: agent-bin',
      'channels:',
      '  - name: home',
      '    nats: nas.local:4222',
      '  - name: work',
      '    nats: tls://nats.example:4222',
      '    machine: laptop',
      '    creds: keys/work.creds',
      'allowedHosts: [mybox.local]',
    ].join('\n');
    const { problems: found, config } = validateConfig(text, fixture.configPath, {
      env: fixture.env,
    });
    expect(found.filter((problem) => !problem.warning)).toEqual([]);
    expect(config).toEqual({
      path: fixture.configPath,
      language: 'fr',
      theme: 'dark',
      limits: { maxRunningAgents: 3, stopIdleAgentsAfterMs: 90_000 },
      agents: [
        {
          name: 'claude',
          title: 'claude',
          icon: '',
          description: '',
          command: 'agent-bin',
          args: ['-y', '@zed-industries/claude-agent-acp'],
          env: { ANTHROPIC_API_KEY: 'sk' },
          cwd: join(homedir(), 'code'),
          policy: { budget: null, permissions: [] },
        },
        {
          name: 'local',
          title: 'Local',
          icon: '🧭',
          description: 'Works offline',
          command: 'agent-bin',
          args: [],
          env: {},
          cwd: join(fixture.folder, 'work'),
          policy: { budget: null, permissions: [] },
        },
        expect.objectContaining({ name: 'plain', cwd: fixture.folder }),
      ],
      channels: [
        { name: 'home', nats: 'nats://nas.local:4222', machine: hostname() },
        {
          name: 'work',
          nats: 'tls://nats.example:4222',
          machine: 'laptop',
          creds: join(fixture.folder, 'keys', 'work.creds'),
        },
      ],
      allowedHosts: ['mybox.local'],
      permissions: [],
    });
  });

  it('sections left empty (every entry commented out) are empty', () => {
    const text = 'limits:\nagents:\n  # claude:\n  #   command: npx\nchannels:\nallowedHosts:\n';
    const { problems: found, config } = validateConfig(text, fixture.configPath, {
      env: fixture.env,
    });
    expect(found).toEqual([]);
    expect(config).toMatchObject({
      agents: [],
      channels: [],
      allowedHosts: [],
      limits: { maxRunningAgents: 3 },
    });
  });

  it('the default configuration has neither an error nor a warning', () => {
    const { problems: found, config } = validateConfig(defaultConfigText(), fixture.configPath);
    expect(found).toEqual([]);
    expect(config?.agents.map((agent) => agent.name)).toEqual(['builtin']);
  });
});

describe('parseConfig and loadConfig', () => {
  it('throw a ConfigError with the first error’s message and every problem', async () => {
    const text = 'colour: red\nagents:\n  a: {args: x}\n';
    expect(() => parseConfig(text, fixture.configPath)).toThrow('`agents.a` needs a `command`');
    await writeFile(fixture.configPath, text);
    const error = await loadConfig(fixture.configPath).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.line)).toEqual([1, 3, 3]);
  });

  it('return the configuration when there are only warnings', () => {
    expect(
      parseConfig('agents: {a: {command: clode}}\n', fixture.configPath).agents[0]?.command,
    ).toBe('clode');
  });
});
