import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { CurrentConfig } from '../../host/config/CurrentConfig.ts';
import { RecentFiles } from '../../host/config/RecentFiles.ts';
import { validateConfigInPool } from '../../host/config/validateConfig.ts';
import { ConfigService } from '../../host/services/ConfigService.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import type { HostEvent } from '../../schema/events.ts';
import { fakeAgentCommand, testTimings } from './agents.ts';

/** A configuration's YAML with fake agents: `{ name: flags }`, in order. */
export function configText(agents: Record<string, string[]>, extra = ''): string {
  const lines = Object.entries(agents).flatMap(([name, flags]) => {
    const { command, args } = fakeAgentCommand(flags);
    return [
      `  ${name}:`,
      `    command: ${JSON.stringify(command)}`,
      `    args: ${JSON.stringify(args)}`,
    ];
  });
  return `${extra}limits:\n  stopIdleAgentsAfter: 0\nagents:\n${lines.join('\n')}\n`;
}

export interface ConfigHarness {
  folder: string;
  path: string;
  service: ConfigService;
  config: CurrentConfig;
  supervisor: Supervisor;
  events: HostEvent[];
  /** The `config:changed` events so far. */
  changes: () => Extract<HostEvent, { name: 'config:changed' }>['data'][];
  names: () => string[];
}

/** For a test file: `open(text)` writes a config in a temp folder and runs a real host part on it. */
export function configHarnessPerTest(): (text: string) => Promise<ConfigHarness> {
  let opened: ConfigHarness | undefined;
  afterEach(async () => {
    if (!opened) return;
    await opened.config.close();
    opened.supervisor.killAll();
    await opened.supervisor.close();
    await rm(opened.folder, { recursive: true, force: true });
    opened = undefined;
  });
  return async (text) => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-config-'));
    const path = join(folder, 'config.yaml');
    await writeFile(path, text);
    const events: HostEvent[] = [];
    const emit = (event: HostEvent) => events.push(event);
    const supervisor = new Supervisor({
      definitions: [],
      limits: { maxRunningAgents: 3, stopIdleAgentsAfterMs: 0 },
      language: 'en',
      emit,
      timings: testTimings,
    });
    const recent = new RecentFiles(join(folder, 'state', 'recent.json'));
    const config = await CurrentConfig.open(
      { path, source: 'flag', created: false },
      { supervisor, recent, validate: validateConfigInPool, emit, settleMs: 50 },
    );
    opened = {
      folder,
      path,
      service: new ConfigService(config, recent),
      config,
      supervisor,
      events,
      changes: () =>
        events.flatMap((event) => (event.name === 'config:changed' ? [event.data] : [])),
      names: () => supervisor.list().map((agent) => agent.name),
    };
    return opened;
  };
}
