/**
 * Builds the fake ACP agent once per run, as plain JavaScript beside the repository's
 * node_modules: each of the hundreds of agents the tests start then costs a Node start, not a
 * TypeScript compile, which keeps the timings of a loaded CI machine close to a laptop's. Builds
 * the PWA once too, for the browser tests that serve it as it is (a build takes seconds).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { nodeBundle, workerBundle } from '../scripts/nodeBundle.mjs';
import { fakeAgentBuild } from './helpers/agents.ts';
import { buildAppInto } from './helpers/appBuild.ts';
import { hostBuild, sharedAppDir } from './helpers/hostBuild.ts';

export default async function setup(): Promise<void> {
  await Promise.all([
    build({ ...nodeBundle, entryPoints: ['test/fixtures/fakeAgent.ts'], outfile: fakeAgentBuild }),
    // The host as `npm run build` bundles it: a host from source (tsx) takes about twice as long
    // to be ready, and the tests start hundreds.
    build({
      ...nodeBundle,
      entryPoints: [
        'host/main.ts',
        'workers/validateConfigTask.ts',
        'scripts/builtinAgent/main.ts',
        'scripts/meshBridge/main.ts',
      ],
      outbase: '.',
      outdir: hostBuild,
      sourcemap: true,
    }),
    build({ ...workerBundle, outdir: join(hostBuild, 'workers') }),
    buildAppInto(sharedAppDir),
  ]);
}
