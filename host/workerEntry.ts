import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The first two arguments of `new Worker(…)` for one of the `workers/` entries. */
export interface WorkerEntry {
  source: URL | string;
  eval: boolean;
}

/**
 * Where a worker's code is: the built file next to the built host, or — when the host runs from
 * source (tests, `tsx`) — the TypeScript file, imported through tsx's API, since Node 20 does not
 * pass `--import` hooks on to worker threads.
 */
export function workerEntry(name: 'agentWorker'): WorkerEntry {
  const built = new URL(`../workers/${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return { source: built, eval: false };
  const source = new URL(`../workers/${name}.ts`, import.meta.url).href;
  const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsx, 'dist/esm/api/index.mjs')).href;
  return {
    source: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`,
    eval: true,
  };
}
