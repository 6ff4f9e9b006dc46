// Bundles the benchmark next to the built host (dist/bench/main.js finds dist/workers/ as the host
// does), and the fake agent as plain JavaScript, so that what is measured is what `npm start` runs.
import { build } from 'esbuild';
import { nodeBundle } from '../nodeBundle.mjs';

await build({
  ...nodeBundle,
  entryPoints: ['scripts/bench/main.ts'],
  outfile: 'dist/bench/main.js',
});
// The memory rows, each measured in a process of its own (scripts/bench/memory.ts).
await build({
  ...nodeBundle,
  entryPoints: ['scripts/bench/memory.ts'],
  outfile: 'dist/bench/memory.js',
});
await build({
  ...nodeBundle,
  entryPoints: ['test/fixtures/fakeAgent.ts'],
  outfile: 'dist/bench/fakeAgent.js',
});
// The raw relays of the streaming rows, in their own process as the host is (scripts/bench/rawRelay.ts).
await build({
  ...nodeBundle,
  stdin: {
    contents: `import { serveRawRelay } from './rawRelay.ts';\nawait serveRawRelay(Number(process.argv[2]), process.argv[3]);\n`,
    resolveDir: 'scripts/bench',
    loader: 'ts',
  },
  outfile: 'dist/bench/rawRelay.js',
});
