import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../helpers/agents.ts';
import { configHarnessPerTest, configText } from '../../helpers/configHarness.ts';

const open = configHarnessPerTest();

/** Saves the way VS Code and JetBrains do: a new file renamed over the old one. */
async function renameSave(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}

describe('ConfigService on a real file, with real agents', () => {
  it('reports where the configuration comes from, and its state', async () => {
    const { service, path } = await open(configText({ a: [] }));
    expect(service.Current()).toEqual({
      path,
      source: 'flag',
      created: false,
      valid: true,
      problems: [],
      warnings: [],
      theme: 'system',
      language: 'en',
      channels: [],
    });
    expect(await service.Content()).toBe(configText({ a: [] }));
    expect(service.Schema()).toMatchObject({
      $schema: expect.stringContaining('2020-12') as string,
    });
  });

  it('saves valid text atomically, keeping the file’s mode, and applies it at once', async () => {
    const { service, path, names } = await open(configText({ a: [] }));
    await chmod(path, 0o600);
    const problems = await service.Save(configText({ a: [], b: [] }));
    expect(problems.filter((problem) => !problem.warning)).toEqual([]);
    expect(await readFile(path, 'utf8')).toBe(configText({ a: [], b: [] }));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(names()).toEqual(['a', 'b']);
  });

  it('never writes text with an error, and says where the error is', async () => {
    const { service, path, names } = await open(configText({ a: [] }));
    const broken = configText({ a: [] }).replace(
      'stopIdleAgentsAfter: 0',
      'stopIdleAgentsAfter: soon',
    );
    const problems = await service.Save(broken);
    expect(problems).toContainEqual(
      expect.objectContaining({ line: 2, warning: false }) as unknown,
    );
    expect(await readFile(path, 'utf8')).toBe(configText({ a: [] }));
    expect(names()).toEqual(['a']);
    expect(await service.Validate(broken)).toEqual(problems);
  });

  it('reloads a rename-save: new agents appear, removed running ones stop and disappear', async () => {
    const { service, path, names, changes, supervisor } = await open(
      configText({ a: ['--report-pid'], b: [] }),
    );
    await supervisor.start('a');
    await expect
      .poll(() => supervisor.logs('a').find((line) => line.startsWith('agent pid')))
      .toMatch(/^agent pid \d+/);
    const pid = Number(
      supervisor
        .logs('a')
        .find((line) => line.startsWith('agent pid'))!
        .slice(10),
    );
    await renameSave(path, configText({ c: [], b: [] }));
    await expect.poll(() => names()).toEqual(['c', 'b']);
    await expect.poll(() => isAlive(pid)).toBe(false);
    expect(changes().at(-1)).toEqual({ path, valid: true, problems: [] });
    expect(service.Current().valid).toBe(true);
  });

  it('keeps the last valid configuration running while the file is broken, then applies the fix', async () => {
    const { service, path, names, changes, supervisor } = await open(configText({ a: [] }));
    await supervisor.start('a');
    await writeFile(path, 'agents:\n  a: [unclosed\n');
    await expect.poll(() => changes().at(-1)?.valid).toBe(false);
    expect(service.Current()).toMatchObject({ valid: false });
    expect(service.Current().problems.length).toBeGreaterThan(0);
    expect(supervisor.list()).toEqual([expect.objectContaining({ name: 'a', state: 'ready' })]);
    await writeFile(path, configText({ a: [], d: [] }));
    await expect.poll(() => names()).toEqual(['a', 'd']);
    expect(service.Current()).toMatchObject({ valid: true, problems: [] });
    expect(supervisor.list()[0]?.state).toBe('ready');
  });

  it('reports a file over 1 MiB as too large, without reading it whole or sending half of it', async () => {
    const { service, path, names, changes } = await open(configText({ a: [] }));
    await writeFile(path, `${configText({ a: [], b: [] })}#${'x'.repeat(64 * 1024 * 1024)}\n`);
    await expect.poll(() => changes().at(-1)?.valid).toBe(false);
    expect(service.Current().problems).toEqual([
      {
        line: 1,
        column: 1,
        message: 'this configuration is over the limit of 1024 KiB',
        warning: false,
      },
    ]);
    expect(names()).toEqual(['a']);
    await expect(service.Content()).rejects.toMatchObject({
      kind: 'io',
      message: expect.stringContaining('over the limit of 1024 KiB') as string,
    });
  });

  it('marks a running agent outdated when its command line changes on disk', async () => {
    const { path, supervisor } = await open(configText({ a: [] }));
    await supervisor.start('a');
    await writeFile(path, configText({ a: ['--stderr-lines=1'] }));
    await expect.poll(() => supervisor.list()[0]?.outdated).toBe(true);
  });

  it('applies a new title at once, and reports each save exactly once', async () => {
    const { path, supervisor, changes } = await open(configText({ a: [] }));
    await supervisor.start('a');
    const before = changes().length;
    const retitled = configText({ a: [] }).replace(
      '  a:\n',
      '  a:\n    title: Agent A\n    icon: "🅰️"\n    description: the first\n',
    );
    await renameSave(path, retitled);
    await expect.poll(() => supervisor.list()[0]?.title).toBe('Agent A');
    expect(supervisor.list()[0]).toMatchObject({
      icon: '🅰️',
      description: 'the first',
      state: 'ready',
      outdated: false,
    });
    // A wait for nothing more to come: one change, not one per watcher event.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes().length).toBe(before + 1);
  });

  it('says in French what is wrong with a French configuration', async () => {
    const { path, changes } = await open(configText({ a: [] }, 'language: fr\n'));
    await writeFile(
      path,
      configText({ a: [] }, 'language: fr\n').replace(
        'stopIdleAgentsAfter: 0',
        'stopIdleAgentsAfter: bientôt',
      ),
    );
    await expect.poll(() => changes().at(-1)?.valid).toBe(false);
    const [problem] = changes().at(-1)!.problems;
    expect(problem).toMatchObject({ line: 3, warning: false });
    expect(problem?.message).toMatch(/stopIdleAgentsAfter/);
    expect(problem?.message).not.toMatch(/must/);
  });

  it('reports a deleted file, keeps running, and applies it when it comes back', async () => {
    const { path, changes, names } = await open(configText({ a: [] }));
    await rm(path);
    await expect.poll(() => changes().at(-1)?.valid).toBe(false);
    expect(names()).toEqual(['a']);
    await writeFile(path, configText({ b: [] }));
    await expect.poll(() => names()).toEqual(['b']);
  });

  it('opens another file: stops every agent, runs the new one, and remembers it', async () => {
    const { service, folder, supervisor, names } = await open(configText({ a: [] }));
    await supervisor.start('a');
    const other = join(folder, 'other.yaml');
    await writeFile(other, configText({ x: [] }));
    await service.Open(other);
    expect(names()).toEqual(['x']);
    expect(service.Current()).toMatchObject({ path: other, source: 'recent' });
    expect(await service.Recent()).toEqual([other]);
    // The new file is watched, the old one no longer.
    await writeFile(other, configText({ x: [], y: [] }));
    await expect.poll(() => names()).toEqual(['x', 'y']);
  });

  it('refuses to open a missing file or one with errors, and changes nothing', async () => {
    const { service, folder, names, path } = await open(configText({ a: [] }));
    await expect(service.Open(join(folder, 'missing.yaml'))).rejects.toMatchObject({
      kind: 'not-found',
    });
    const broken = join(folder, 'broken.yaml');
    await writeFile(broken, 'agents: [\n');
    await expect(service.Open(broken)).rejects.toMatchObject({ kind: 'invalid-config' });
    expect(names()).toEqual(['a']);
    expect(service.Current().path).toBe(path);
  });

  it('remembers at most 8 recent files, most recent first, and forgets those deleted', async () => {
    const { service, folder } = await open(configText({ a: [] }));
    const files = Array.from({ length: 10 }, (_, i) => join(folder, `config${i}.yaml`));
    for (const file of files) {
      await writeFile(file, configText({ a: [] }));
      await service.Open(file);
    }
    expect(await service.Recent()).toEqual(files.slice(2).reverse());
    await rm(files[8]!);
    expect(await service.Recent()).toEqual([files[9], ...files.slice(2, 8).reverse()]);
  });

  it('browses folders and YAML files for the Open… dialog', async () => {
    const { service, folder } = await open(configText({ a: [] }));
    await mkdir(join(folder, 'sub'));
    await writeFile(join(folder, 'notes.txt'), '');
    await writeFile(join(folder, 'b.yml'), '');
    await writeFile(join(folder, '.hidden.yaml'), '');
    expect(await service.Browse(folder)).toEqual({
      dir: folder,
      parent: join(folder, '..'),
      entries: [
        { name: 'sub', dir: true },
        { name: 'b.yml', dir: false },
        { name: 'config.yaml', dir: false },
      ],
    });
    expect((await service.Browse('')).dir).toBe(folder);
    await expect(service.Browse(join(folder, 'nope'))).rejects.toMatchObject({ kind: 'not-found' });
  });
});
