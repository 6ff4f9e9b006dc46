/**
 * Builds the fake ACP agent once per run, as plain JavaScript beside the repository's
 * node_modules: each of the hundreds of agents the tests start then costs a Node start, not a
 * TypeScript compile, which keeps the timings of a loaded CI machine close to a laptop's. Builds
 * the PWA once too, for the browser tests that serve it as it is (a build takes seconds).
 */
import { build } from 'esbuild';
import { nodeBundle } from '../scripts/nodeBundle.mjs';
import { fakeAgentBuild } from './helpers/agents.ts';
import { buildAppInto, sharedAppDir } from './helpers/appBuild.ts';

export default async function setup(): Promise<void> {
  await Promise.all([
    build({ ...nodeBundle, entryPoints: ['test/fixtures/fakeAgent.ts'], outfile: fakeAgentBuild }),
    buildAppInto(sharedAppDir),
  ]);
}
