import type { KnipConfig } from 'knip';

/**
 * What `knip` (in `npm test`) starts from to find unused files, exports and dependencies: every
 * program the project runs. Its plugins add the rest themselves: the vitest configs and their test
 * files, the Vite config of the PWA and its `index.html` (`pwa/src/main.tsx`), the ESLint and
 * Prettier configs, and the scripts `package.json` runs.
 */
const config: KnipConfig = {
  entry: [
    // What scripts/build.mjs bundles (scripts/nodeBundle.mjs: the agent worker).
    'host/main.ts',
    'workers/agentWorker.ts',
    'workers/validateConfigTask.ts',
    'scripts/builtinAgent/main.ts',
    'scripts/meshBridge/main.ts',
    // The core reused in other hosts (npm run build:core): all it exports is its public API.
    'scripts/core/index.ts',
    // The bench (scripts/bench/build.mjs): the rows measured in processes of their own.
    'scripts/bench/main.ts',
    'scripts/bench/memory.ts',
    'scripts/bench/rawRelay.ts',
    // The service worker's push handler, bundled by a plugin of pwa/vite.config.ts.
    'pwa/sw/pushHandler.ts',
    // Run by hand: `node scripts/makeIcons.mjs` draws pwa/public/icons.
    'scripts/makeIcons.mjs',
    // The types TypeScript reads for the .mjs modules the .ts files import.
    'scripts/*.d.mts',
    // Spawned by the tests as child processes (fake agents, a database holder).
    'test/fixtures/fakeAgent.ts',
    'test/host/conversations/holdDatabase.ts',
  ],
  project: ['**/*.{ts,tsx,mts,js,mjs}'],
  // test/agents/*.test.ts run on the root's vitest (vitest.agents.config.ts) and fixtures; their
  // agents come from test/agents/package.json, installed in its own git-ignored node_modules.
  vitest: { config: ['vitest.config.ts', 'vitest.agents.config.ts'] },
  // A type or interface that an exported signature of its file uses is part of that API, even when
  // no other file names it.
  ignoreExportsUsedInFile: { type: true, interface: true },
  // Found with `createRequire(…).resolve('@google/gemini-cli/package.json')`
  // (test/agents/geminiCli.test.ts), which knip does not read.
  ignoreDependencies: ['@google/gemini-cli'],
  ignoreBinaries: [
    // System programs: mkcert trusts the local authority, mkfifo makes a test's named pipe.
    'mkcert',
    'mkfifo',
  ],
};

export default config;
