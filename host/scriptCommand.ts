import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * How to run one of the programs shipped in `scripts/<name>/main.ts` (the built-in agent, the mesh
 * bridge): the built file when the host was built (`npm start` builds first), else its TypeScript
 * source through tsx.
 */
export function scriptCommand(name: 'builtinAgent' | 'meshBridge'): {
  command: string;
  args: string[];
} {
  // From dist/host/main.js, the bundle this module is part of once built.
  const built = fileURLToPath(new URL(`../scripts/${name}/main.js`, import.meta.url));
  if (existsSync(built)) return { command: 'node', args: [built] };
  const source = fileURLToPath(new URL(`../scripts/${name}/main.ts`, import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { command: 'node', args: ['--import', tsx, source] };
}
