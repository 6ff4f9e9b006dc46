import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  destroyValidationPool,
  poolThreshold,
  validateConfig,
  validateConfigInPool,
} from '../../../host/config/validateConfig.ts';
import { checkConfigInPool } from '../../../host/config/validationPool.ts';
import { repoRoot } from '../../helpers/typescriptProcess.ts';

const configPath = '/nowhere/switchboard/config.yaml';
const env = { PATH: '/usr/bin:/bin' };

/** A configuration of `count` agents, past 16 KiB from about 200 agents, with a few mistakes. */
function largeConfig(count: number, language = 'en'): string {
  const agents = Array.from(
    { length: count },
    (_, index) =>
      `  agent-${index}:\n    title: Agent ${index}\n    command: ls\n    args: ["--color", "${index}"]\n`,
  );
  return [
    `language: ${language}`,
    'limits:',
    '  maxRunningAgents: 4',
    'agents:',
    ...agents,
    '  broken:',
    '    args: [x]',
    '    comand: ls',
    '  agent-7:',
    '    command: nope-not-here',
    '',
  ].join('\n');
}

afterAll(async () => {
  await destroyValidationPool();
});

describe('validateConfigInPool', () => {
  it('checks a text larger than 16 KiB in a worker thread', async () => {
    const text = largeConfig(500);
    expect(Buffer.byteLength(text)).toBeGreaterThan(poolThreshold);
    const result = await checkConfigInPool(text);
    expect(result.threadId).not.toBe(threadId);
    expect(result.threadId).toBeGreaterThan(0);
    expect(result.check.findings.length).toBeGreaterThan(0);
  });

  it('gives the same problems as the check inline, in the file’s language', async () => {
    for (const language of ['en', 'fr']) {
      const text = largeConfig(500, language);
      const pooled = await validateConfigInPool(text, configPath, { env });
      expect(pooled).toEqual(validateConfig(text, configPath, { env }));
      expect(pooled.config).toBeUndefined();
      expect(pooled.problems.map((problem) => problem.message)).toEqual(
        language === 'en'
          ? [
              '`agents.broken` needs a `command`',
              'unknown key `agents.broken.comand` (ignored): did you mean `command`?',
              'the key `agents.agent-7` appears twice',
              '`agents.agent-7.command`: “nope-not-here” is not found on PATH',
            ]
          : [
              'il manque `command` à `agents.broken`',
              'clé inconnue `agents.broken.comand` (ignorée) : vouliez-vous dire `command` ?',
              'la clé `agents.agent-7` apparaît deux fois',
              '`agents.agent-7.command` : « nope-not-here » est introuvable dans le PATH',
            ],
      );
    }
  });

  it('resolves a valid large file, and checks a small one inline', async () => {
    const valid = largeConfig(500).replace(/ {2}broken:[\s\S]*$/, '');
    const pooled = await validateConfigInPool(valid, configPath, { env });
    expect(pooled.problems).toEqual([]);
    expect(pooled.config?.agents).toHaveLength(500);
    const small = 'agents:\n  a: {command: ls}\n';
    expect(await validateConfigInPool(small, configPath, { env })).toEqual(
      validateConfig(small, configPath, { env }),
    );
  });

  it('lets a check under way finish when the pool is destroyed', async () => {
    const text = largeConfig(500);
    const check = validateConfigInPool(text, configPath, { env });
    await destroyValidationPool();
    expect((await check).problems).toHaveLength(4);
  });

  it('starts a new thread after the pool is destroyed', async () => {
    await destroyValidationPool();
    const { threadId: worker } = await checkConfigInPool(largeConfig(400));
    expect(worker).toBeGreaterThan(0);
  });

  it('does not keep the process alive', async () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const module = pathToFileURL(`${repoRoot}host/config/validateConfig.ts`).href;
    const script = `
      const { validateConfigInPool } = await import(${JSON.stringify(module)});
      const text = 'agents:\\n' + Array.from({ length: 1000 }, (_, i) => '  a' + i + ': {command: ls}\\n').join('');
      const { config } = await validateConfigInPool(text, '/tmp/config.yaml');
      console.log('agents', config.agents.length);`;
    // A file, not --eval: worker threads inherit the process's flags, and --input-type with them.
    const file = join(await mkdtemp(join(tmpdir(), 'switchboard-pool-')), 'script.mjs');
    await writeFile(file, script);
    const child = spawn(process.execPath, ['--import', tsx, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('agents 1000');
    // The idle thread is unreferenced: the process ends long before the 10 s idle timeout.
    expect(Date.now() - started).toBeLessThan(9_000);
  });
});
