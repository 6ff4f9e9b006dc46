// Bundles the host, its worker entries and the built-in agent into dist/, and builds the PWA into
// dist/pwa (npm run build). The host's dependencies stay in node_modules: `npm install` brought
// them, and the bundles stay small.
import { build } from 'esbuild';
import { build as buildApp } from 'vite';
import { nodeBundle } from './nodeBundle.mjs';

await build({
  ...nodeBundle,
  entryPoints: [
    'host/main.ts',
    'workers/validateConfigTask.ts',
    'scripts/builtinAgent/main.ts',
    'scripts/meshBridge/main.ts',
  ],
  outbase: '.',
  outdir: 'dist',
  sourcemap: true,
});

// One agent worker runs per agent in use, and each loads its code in its own V8 heap: one file,
// minified, its dependencies included, costs each of them ~5 MB less than the same code loaded
// from node_modules (`npm run bench`, "host RSS with N ready agents").
await build({
  ...nodeBundle,
  packages: undefined,
  entryPoints: ['workers/agentWorker.ts'],
  outfile: 'dist/workers/agentWorker.js',
  minify: true,
  sourcemap: true,
  // What the bundled CommonJS dependencies require.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});

await buildApp({ configFile: 'pwa/vite.config.ts', logLevel: 'warn' });
