/**
 * `npm start`: the Switchboard host (CONTRACT.md §1). It opens the configuration, supervises its
 * agents, and on SIGINT or SIGTERM stops every agent at once, then exits 0.
 */
import { parseArgs } from 'node:util';
import { locateConfig } from './config/configPath.ts';
import { loadConfig } from './config/loadConfig.ts';
import { translate } from './i18n.ts';
import { Supervisor } from './supervisor.ts';

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

const location = await locateConfig(options.config).catch((error: Error) => {
  console.error(
    translate('en', 'cli.configError', { path: options.config ?? '', reason: error.message }),
  );
  process.exit(1);
});
const config = await loadConfig(location.path).catch((error: Error) => {
  console.error(translate('en', 'cli.configError', { path: location.path, reason: error.message }));
  process.exit(1);
});

const supervisor = new Supervisor({
  definitions: config.agents,
  limits: config.limits,
  language: config.language,
  emit: (event) => {
    if (event.name === 'agent:state') {
      const { agent, state, error } = event.data;
      console.log(
        `${agent}: ${translate(config.language, `agent.state.${state}`)}${error ? ` — ${error}` : ''}`,
      );
    }
  },
});

// The last line of defence: whatever happens, no agent process outlives the host.
process.on('exit', () => supervisor.killAll());

let quitting = false;
const quit = () => {
  if (quitting) return;
  quitting = true;
  console.log(translate(config.language, 'cli.stopping'));
  void supervisor.close().then(() => process.exit(0));
};
process.on('SIGINT', quit);
process.on('SIGTERM', quit);

console.log(
  translate(config.language, 'cli.running', { count: config.agents.length, path: location.path }),
);
// Nothing listens yet (the wire is its own issue): keep the process alive until a signal.
setInterval(() => {}, 1 << 30);
