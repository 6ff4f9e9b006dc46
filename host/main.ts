/**
 * `npm start`: the Switchboard host (CONTRACT.md §1). It opens the configuration and watches it,
 * supervises its agents, and on SIGINT or SIGTERM stops every agent at once, then exits 0.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { HostEvent } from '../schema/events.ts';
import { defaultLimits } from './agentDefinition.ts';
import { locateConfig } from './config/configPath.ts';
import { CurrentConfig } from './config/CurrentConfig.ts';
import { RecentFiles } from './config/RecentFiles.ts';
import { destroyValidationPool, validateConfigInPool } from './config/validateConfig.ts';
import { translate, type Language } from './i18n.ts';
import { stateDir } from './stateDirs.ts';
import { Supervisor } from './Supervisor.ts';

const { values: options } = parseArgs({
  options: {
    config: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '7777' },
    tls: { type: 'boolean' },
    'no-open': { type: 'boolean', default: false },
  },
  strict: true,
});

/** Filled once the configuration is open; its language follows the file. */
const host: { config?: CurrentConfig } = {};
const language = (): Language => host.config?.language ?? 'en';

/** Until the wire and the app exist, the terminal is where the host's events are shown. */
function show(event: HostEvent): void {
  switch (event.name) {
    case 'agent:state': {
      const { agent, state, error } = event.data;
      const shown = translate(language(), `agent.state.${state}`);
      console.log(`${agent}: ${shown}${error ? ` — ${error}` : ''}`);
      return;
    }
    case 'config:changed':
      for (const problem of event.data.problems) {
        console.log(`${event.data.path}:${problem.line}:${problem.column} ${problem.message}`);
      }
      return;
    case 'agent:log':
      return;
  }
}

const recent = new RecentFiles(join(stateDir(), 'recent.json'));
const location = await locateConfig(options.config, process.env, await recent.list()).catch(
  (error: Error) => {
    console.error(
      translate('en', 'cli.configError', { path: options.config ?? '', reason: error.message }),
    );
    process.exit(1);
  },
);

// Empty until the configuration is applied to it.
const supervisor = new Supervisor({
  definitions: [],
  limits: defaultLimits,
  language: 'en',
  emit: show,
});
const opened = await CurrentConfig.open(location, {
  supervisor,
  recent,
  validate: validateConfigInPool,
  emit: show,
}).catch((error: Error) => {
  console.error(translate('en', 'cli.configError', { path: location.path, reason: error.message }));
  process.exit(1);
});
host.config = opened;

// The last line of defence: whatever happens, no agent process outlives the host.
process.on('exit', () => supervisor.killAll());

let quitting = false;
const quit = () => {
  if (quitting) return;
  quitting = true;
  console.log(translate(language(), 'cli.stopping'));
  void Promise.all([opened.close(), supervisor.close(), destroyValidationPool()]).then(() =>
    process.exit(0),
  );
};
process.on('SIGINT', quit);
process.on('SIGTERM', quit);

console.log(
  translate(language(), 'cli.running', {
    count: opened.config.agents.length,
    path: location.path,
  }),
);
// Nothing listens yet (the wire is its own issue): keep the process alive until a signal.
setInterval(() => {}, 1 << 30);
