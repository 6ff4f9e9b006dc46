// Bundles the core reused in other hosts (scripts/core/index.ts) into dist/core/switchboard-core.js
// (npm run build:core): one ES module with no import and no Node or DOM global.
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';
import { coreBundle } from './coreBundle.mjs';

await build({
  ...coreBundle,
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  outfile: 'dist/core/switchboard-core.js',
});
