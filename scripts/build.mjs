// Bundles the host, its worker entries and the built-in agent into dist/, and builds the PWA into
// dist/pwa (npm run build). The host's dependencies stay in node_modules: `npm install` brought
// them, and the bundles stay small. A step whose inputs have not changed since its last build is
// skipped (scripts/buildSteps.mjs); `--force` builds everything.
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';
import { build as buildApp } from 'vite';
import { buildSteps, filesIn, isFresh, startStep } from './buildSteps.mjs';
import { nodeBundle, workerBundle } from './nodeBundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');

/** Each step builds from `root`, whatever the caller's working directory. */
const steps = {
  host: async () => {
    const host = await build({
      ...nodeBundle,
      absWorkingDir: root,
      entryPoints: [
        'host/main.ts',
        'workers/validateConfigTask.ts',
        'scripts/builtinAgent/main.ts',
        'scripts/meshBridge/main.ts',
      ],
      outbase: '.',
      outdir: 'dist',
      sourcemap: true,
      metafile: true,
    });
    // One agent worker runs per agent in use, and each loads its code in its own V8 heap:
    // minified, its dependencies included, it costs each of them ~5 MB less than the same code
    // loaded from node_modules (`npm run bench`, "host RSS with N ready agents"). Split: the entry
    // is a few lines that spawn the agent, and the rest (the ACP SDK, XState…) loads while the
    // agent boots.
    const worker = await build({
      ...workerBundle,
      absWorkingDir: root,
      outdir: 'dist/workers',
      minify: !process.env.NO_MINIFY,
      metafile: true,
    });
    return {
      read: [host, worker].flatMap(({ metafile }) => Object.keys(metafile.inputs)),
      written: [host, worker].flatMap(({ metafile }) => Object.keys(metafile.outputs)),
    };
  },
  app: async () => {
    const output = await buildApp({
      configFile: fileURLToPath(new URL('../pwa/vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    });
    const bundles = Array.isArray(output) ? output : [output];
    return {
      read: bundles.flatMap((bundle) =>
        'output' in bundle
          ? bundle.output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []))
          : [],
      ),
      written: filesIn(root, 'dist/pwa'),
    };
  },
};

for (const step of buildSteps) {
  if (!force && isFresh(root, step)) continue;
  const stamp = startStep(root, step);
  const { read, written } = await steps[step.name]();
  stamp.done(read, written);
}
