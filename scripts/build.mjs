// Bundles the host, its worker entries and the built-in agent into dist/ (npm run build).
// Dependencies stay in node_modules: `npm install` brought them, and the bundles stay small.
import { build } from 'esbuild';
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
