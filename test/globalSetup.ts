/**
 * Builds the fake ACP agent once per run, as plain JavaScript beside the repository's
 * node_modules: each of the hundreds of agents the tests start then costs a Node start, not a
 * TypeScript compile, which keeps the timings of a loaded CI machine close to a laptop's.
 */
import { build } from 'esbuild';
import { nodeBundle } from '../scripts/nodeBundle.mjs';
import { fakeAgentBuild } from './helpers/agents.ts';

export default async function setup(): Promise<void> {
  await build({
    ...nodeBundle,
    entryPoints: ['test/fixtures/fakeAgent.ts'],
    outfile: fakeAgentBuild,
  });
}
