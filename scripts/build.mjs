// Bundles the host, its worker entries and the built-in agent into dist/ (npm run build).
// Dependencies stay in node_modules: `npm install` brought them, and the bundles stay small.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'host/main.ts',
    'workers/agentWorker.ts',
    'workers/validateConfigTask.ts',
    'scripts/builtinAgent/main.ts',
  ],
  outbase: '.',
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
