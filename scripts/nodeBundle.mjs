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
