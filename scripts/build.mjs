// Bundles the host, its worker entries and the built-in agent into dist/, and builds the PWA into
// dist/pwa (npm run build). The host's dependencies stay in node_modules: `npm install` brought
// them, and the bundles stay small.
import { build } from 'esbuild';
import { build as buildApp } from 'vite';
import { nodeBundle, workerBundle } from './nodeBundle.mjs';

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

// One agent worker runs per agent in use, and each loads its code in its own V8 heap: minified,
// its dependencies included, it costs each of them ~5 MB less than the same code loaded from
// node_modules (`npm run bench`, "host RSS with N ready agents"). Split: the entry is a few lines
// that spawn the agent, and the rest (the ACP SDK, XState…) loads while the agent boots.
await build({ ...workerBundle, outdir: 'dist/workers', minify: true });

await buildApp({ configFile: 'pwa/vite.config.ts', logLevel: 'warn' });
