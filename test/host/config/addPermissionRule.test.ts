/** "Always allow" adds its rule to any valid file (CONTRACT.md §8), its comments kept. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentConfig } from '../../../host/config/CurrentConfig.ts';
import { defaultConfigText } from '../../../host/config/defaultConfig.ts';
import { RecentFiles } from '../../../host/config/RecentFiles.ts';
import { validateConfigInPool } from '../../../host/config/validateConfig.ts';
import { Supervisor } from '../../../host/Supervisor.ts';
import type { PermissionRule } from '../../../schema/config.gen.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A `CurrentConfig` on a file holding `text`, and that file's path. */
async function configOn(text: string) {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-rules-'));
  const path = join(folder, 'config.yaml');
  await writeFile(path, text);
  const supervisor = new Supervisor({
    definitions: [],
    limits: { maxRunningAgents: 1, stopIdleAgentsAfterMs: 0 },
    language: 'en',
    emit: () => {},
  });
  const config = await CurrentConfig.open(
    { path, source: 'flag', created: false },
    {
      supervisor,
      recent: new RecentFiles(join(folder, 'recent.json')),
      validate: validateConfigInPool,
      emit: () => {},
      settleMs: 20,
    },
  );
  cleanups.push(async () => {
    await config.close();
    await supervisor.close();
    await rm(folder, { recursive: true, force: true });
  });
  return { config, path };
}

const rule: PermissionRule = { agent: 'builtin', kind: 'execute', command: 'ls', answer: 'allow' };
const second: PermissionRule = { kind: 'edit', path: 'src/**', answer: 'reject' };

describe('adding a permission rule', () => {
  const files: [string, string, string][] = [
    [
      'the default file, with no permissions key',
      defaultConfigText(),
      '# Switchboard configuration',
    ],
    ['permissions: with nothing', 'permissions: # none yet\nlanguage: en\n', '# none yet'],
    ['permissions: null', '# mine\npermissions: null\n', '# mine'],
    ['permissions: ~', '# mine\npermissions: ~\n', '# mine'],
    ['permissions: [] in flow style', 'permissions: [] # flow\ntheme: dark\n', '# flow'],
    ['a file of comments only', '# nothing here yet\n', '# nothing here yet'],
    ['an empty file', '', ''],
    ['a list already there', 'permissions:\n  # first\n  - answer: reject\n', '# first'],
  ];
  for (const [shape, text, comment] of files) {
    it(`keeps it in ${shape}, its comments kept, and the next one after it`, async () => {
      const { config, path } = await configOn(text);
      const before = config.config.permissions.length;
      await config.addPermissionRule(rule);
      await config.addPermissionRule(second);
      const written = await readFile(path, 'utf8');
      expect(written).toContain(comment);
      const list = (parse(written) as { permissions: PermissionRule[] }).permissions;
      expect(list.slice(before)).toEqual([rule, second]);
      expect(config.current().valid).toBe(true);
      expect(config.config.permissions.slice(before)).toEqual([
        { ...rule, index: before },
        { ...second, index: before + 1 },
      ]);
    });
  }

  it('refuses on a file broken since, in the file’s language, and leaves it as it is', async () => {
    const { config, path } = await configOn('language: fr\n');
    await writeFile(path, 'language: fr\ntheme: [dark\n');
    await expect(config.addPermissionRule(rule)).rejects.toThrow(
      /contient des erreurs, Switchboard ne l’a donc pas modifié : \d+:\d+ Syntaxe YAML : il manque le ]/,
    );
    expect(await readFile(path, 'utf8')).toBe('language: fr\ntheme: [dark\n');
  });

  it('refuses on a file whose permissions is not a list, saying why, and leaves it as it is', async () => {
    const { config, path } = await configOn('permissions: {}\n');
    await expect(config.addPermissionRule(rule)).rejects.toThrow('`permissions` must be a list');
    expect(await readFile(path, 'utf8')).toBe('permissions: {}\n');
  });
});
