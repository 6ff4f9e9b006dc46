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
// The raw relay of the streaming rows, in its own process as the host is (scripts/bench/streaming.ts).
await build({
  ...nodeBundle,
  stdin: {
    contents: `import { serveRawRelay } from './streaming.ts';\nawait serveRawRelay(Number(process.argv[2]));\n`,
    resolveDir: 'scripts/bench',
    loader: 'ts',
  },
  outfile: 'dist/bench/rawRelay.js',
});
