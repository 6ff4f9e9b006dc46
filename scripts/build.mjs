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
    'workers/agentWorker.ts',
    'workers/validateConfigTask.ts',
    'scripts/builtinAgent/main.ts',
  ],
  outbase: '.',
  outdir: 'dist',
  sourcemap: true,
});

await buildApp({ configFile: 'pwa/vite.config.ts', logLevel: 'warn' });
