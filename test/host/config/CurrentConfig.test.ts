import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentConfig } from '../../../host/config/CurrentConfig.ts';
import { RecentFiles } from '../../../host/config/RecentFiles.ts';
import { validateConfigInPool } from '../../../host/config/validateConfig.ts';
import { Supervisor } from '../../../host/Supervisor.ts';

const agentsText = (name: string, comment = '') =>
  `${comment}agents:\n  ${name}:\n    command: /bin/true\n`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the current configuration', () => {
  it('never applies a text the watcher read before a save that went ahead of it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-current-'));
    const path = join(folder, 'config.yaml');
    await writeFile(path, agentsText('first'));
    const supervisor = new Supervisor({
      definitions: [],
      limits: { maxRunningAgents: 1, stopIdleAgentsAfterMs: 0 },
      language: 'en',
      emit: () => {},
    });
    const applied: string[][] = [];
    const reconfigure = supervisor.reconfigure.bind(supervisor);
    vi.spyOn(supervisor, 'reconfigure').mockImplementation((definitions, limits, language) => {
      applied.push(definitions.map((definition) => definition.name));
      reconfigure(definitions, limits, language);
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const config = await CurrentConfig.open(
      { path, source: 'flag', created: false },
      {
        supervisor,
        recent: new RecentFiles(join(folder, 'recent.json')),
        // The save's check is held, so the watcher reads the other write before the save writes.
        validate: async (text, at, options) => {
          if (text.includes('# held')) await held;
          return validateConfigInPool(text, at, options);
        },
        emit: () => {},
        settleMs: 20,
      },
    );
    cleanups.push(async () => {
      await config.close();
      await supervisor.close();
      await rm(folder, { recursive: true, force: true });
    });
    applied.length = 0;

    await writeFile(path, agentsText('edited-elsewhere'));
    const saved = config.save(agentsText('saved', '# held\n'));
    // The watcher's settle window and its read (inside the host part, nothing to wait on).
    await sleep(300);
    release();
    expect(await saved).toEqual([]);
    // The watcher's look at the save's own write, and any reload it queued.
    await sleep(300);
    expect(applied).toEqual([['saved']]);
    expect(config.config.agents.map((agent) => agent.name)).toEqual(['saved']);
  });
});
