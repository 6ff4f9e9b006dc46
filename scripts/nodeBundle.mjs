// How every Node bundle of the project is built (the host, its workers, the built-in agent, the
// bench, the tests' fake agent): ES modules for Node 20, dependencies left in node_modules.
/** @type {import('esbuild').BuildOptions} */
export const nodeBundle = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
};

/**
 * How the agent worker is bundled: its dependencies included and minified (each worker loads its
 * code in its own V8 heap), split so the entry that spawns the agent loads first. node-pty stays
 * in node_modules: a native module, loaded with the first login terminal.
 * @type {import('esbuild').BuildOptions}
 */
export const workerBundle = {
  ...nodeBundle,
  packages: undefined,
  external: ['node-pty'],
  entryPoints: ['workers/agentWorker.ts'],
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
};
