import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own lint configuration (eslint.config.js) holds DESIGN.md's layering: imports
 * written at different depths are linted as files of each folder, and the layering problems
 * compared with the table below. Type-aware rules are off: they need the files on disk,
 * and have nothing to say about imports.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

/** DESIGN.md, "The layout": what each folder may import, its own files aside. */
const design: Record<string, readonly string[]> = {
  statecharts: [],
  schema: [],
  locales: [],
  machines: ['schema'],
  workers: ['machines', 'schema', 'locales'],
  host: ['machines', 'schema', 'locales'],
  pwa: ['machines', 'schema', 'locales'],
  // Shipped with the host (issue 18): linted as host code.
  'scripts/builtinAgent': ['machines', 'schema', 'locales'],
  'scripts/meshBridge': ['machines', 'schema', 'locales'],
  // The entry of the core bundle (issue 18): the common layers only.
  'scripts/core': ['machines', 'statecharts', 'schema'],
};
const folders = Object.keys(design)
  .filter((folder) => !folder.includes('/'))
  .concat('scripts', 'test');

/** The rules that may hold the layering: ours, or ESLint's own restriction of imports. */
const layeringRules = new Set([
  'local/layering',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** The layering problems of `code` as the file `file` of the repository. */
async function layering(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages
    .filter((message) => message.ruleId !== null && layeringRules.has(message.ruleId))
    .map((message) => message.message);
}

/** A file of `layer`, `depth` folders below it: `host/a/b/file.ts` for depth 2. */
const fileIn = (layer: string, depth: number) =>
  `${layer}/${'a/'.repeat(depth)}file.${layer === 'pwa' ? 'tsx' : 'ts'}`;

/** How `file` reaches `target` (a path from the root) by a relative import. */
const from = (file: string, target: string) =>
  `${'../'.repeat(file.split('/').length - 1)}${target}`;

describe('the layering of DESIGN.md, at any depth', () => {
  for (const [layer, may] of Object.entries(design)) {
    it(`${layer}/ imports ${may.length > 0 ? may.join(', ') : 'nothing'}, and only that`, async () => {
      const wrong: string[] = [];
      for (const depth of [0, 1, 3]) {
        const file = fileIn(layer, depth);
        for (const folder of folders.filter((folder) => folder !== layer)) {
          const target = from(file, `${folder}/deep/module.ts`);
          for (const typeOnly of [false, true]) {
            const code = `import ${typeOnly ? 'type ' : ''}{ A } from '${target}';`;
            const allowed =
              may.includes(folder) || (layer === 'host' && folder === 'workers' && typeOnly);
            const problems = await layering(file, code);
            if (allowed !== (problems.length === 0)) {
              wrong.push(
                `${file}: ${code} ${allowed ? `refused: ${problems.join('; ')}` : 'passed'}`,
              );
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("the host's imports of workers/", () => {
  const cases: [file: string, code: string, passes: boolean][] = [
    ['host/Supervisor.ts', "import { wrapWorker } from '../workers/rpc.ts';", true],
    ['host/a/b/Handle.ts', "import { wrapWorker } from '../../../workers/rpc.ts';", true],
    [
      'host/services/x.ts',
      "import type { AgentWorkerData } from '../../workers/protocol.ts';",
      true,
    ],
    [
      'host/services/x.ts',
      "export type { AgentWorkerData } from '../../workers/protocol.ts';",
      true,
    ],
    ['host/services/x.ts', "type D = import('../../workers/protocol.ts').AgentWorkerData;", true],
    ['host/services/x.ts', "import { AgentActor } from '../../workers/AgentActor.ts';", false],
    ['host/config/x.ts', "import '../../workers/agentWorker.ts';", false],
    ['host/x.ts', "import { AgentActor } from '../workers/AgentActor.ts';", false],
    // Kept as `import {} from …` under verbatimModuleSyntax: it loads the module.
    ['host/services/x.ts', "import { type AgentActor } from '../../workers/AgentActor.ts';", false],
    ['host/services/x.ts', "export { AgentActor } from '../../workers/AgentActor.ts';", false],
    ['host/services/x.ts', "export * from '../../workers/AgentActor.ts';", false],
    ['host/services/x.ts', "await import('../../workers/AgentActor.ts');", false],
    ['host/services/x.ts', "import { wrapWorker } from '../workers/rpc.ts';", true],
  ];
  it.each(cases)('%s: %s (passes: %s)', async (file, code, passes) => {
    const problems = await layering(file, code);
    expect(problems.length === 0).toBe(passes);
  });

  it('says what is allowed', async () => {
    expect(
      await layering('host/services/x.ts', "import { A } from '../../workers/AgentActor.ts';"),
    ).toEqual([
      'DESIGN.md: host/ may import only types from workers/ (`import type`) and workers/rpc.ts (workers/AgentActor.ts).',
    ]);
  });
});

describe('the common layers and the shipped programs', () => {
  const cases: [file: string, code: string, passes: boolean][] = [
    ['machines/x.ts', "import { readFile } from 'node:fs';", false],
    ['machines/deep/x.ts', "import { EventEmitter } from 'events';", false],
    ['schema/configCheck/x.ts', "import type { MessagePort } from 'node:worker_threads';", false],
    ['statecharts/x.ts', "import { join } from 'node:path';", false],
    ['locales/x.ts', "import { readFileSync } from 'node:fs';", false],
    ['scripts/core/index.ts', "export { readFile } from 'node:fs/promises';", false],
    ['machines/x.ts', "import { setup } from 'xstate';", true],
    ['workers/x.ts', "import { spawn } from 'node:child_process';", true],
    [
      'pwa/src/a/b/X.tsx',
      "import type { Supervisor } from '../../../../host/Supervisor.ts';",
      false,
    ],
    [
      'scripts/builtinAgent/x.ts',
      "import { turnMachine } from '../../machines/turnMachine.ts';",
      true,
    ],
    ['scripts/builtinAgent/x.ts', "import { intent } from './intent.ts';", true],
    ['scripts/builtinAgent/x.ts', "import packageJson from '../../package.json';", true],
    ['scripts/builtinAgent/x.ts', "import { Supervisor } from '../../host/Supervisor.ts';", false],
    ['scripts/builtinAgent/x.ts', "import { fakeAgent } from '../../test/fixtures/x.ts';", false],
    ['scripts/builtinAgent/x.ts', "import { nodeBundle } from '../nodeBundle.mjs';", false],
    ['scripts/meshBridge/x.ts', "import { AgentActor } from '../../workers/AgentActor.ts';", false],
    ['scripts/bench/x.ts', "import { AgentActor } from '../../workers/AgentActor.ts';", true],
    ['test/a/b/x.ts', "import { AgentActor } from '../../../workers/AgentActor.ts';", true],
  ];
  it.each(cases)('%s: %s (passes: %s)', async (file, code, passes) => {
    const problems = await layering(file, code);
    expect(problems.length === 0).toBe(passes);
  });
});
