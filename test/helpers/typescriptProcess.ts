import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The repository's root folder, absolute. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The command that runs a TypeScript file of this repository as its own Node process,
 * wherever its working directory is (tsx is loaded by absolute URL).
 *
 * @example
 * const { command, args } = typescriptProcess('test/fixtures/fakeAgent.ts', ['--crash-after-ready=50']);
 */
export function typescriptProcess(
  file: string,
  args: string[] = [],
): { command: string; args: string[] } {
  const absolute = fileURLToPath(new URL(file, pathToFileURL(repoRoot)));
  return { command: process.execPath, args: ['--import', tsxLoader, absolute, ...args] };
}
