// How the core reused in other hosts is bundled (scripts/core/index.ts): one ES module, its
// dependencies (XState, and ajv and yaml for the configuration check) included, for no platform
// in particular: a Node built-in fails the build instead of being left as an import.
/** @type {import('esbuild').BuildOptions} */
export const coreBundle = {
  entryPoints: ['scripts/core/index.ts'],
  bundle: true,
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['module'],
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
};
