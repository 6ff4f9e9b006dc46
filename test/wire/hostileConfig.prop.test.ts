/**
 * Hostile configuration texts sent to a real host, four at a time: nested a million levels deep
 * in every way YAML nests, millions of nodes, alias bombs, texts far over the size limit. Each is
 * refused with a problem, the file is never written, and the host's memory stays within 100 MB
 * of what it used before (its peak resident size, read from /proc).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { maxConfigBytes, maxNodes } from '../../schema/configCheck/limits.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerFile();
const mebibyte = 1024 * 1024;

/** The peak resident size of a process so far, in bytes. */
function peakMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
}

/** Texts nested `depth` levels deep, one way YAML nests each. */
const nestings: Record<string, (depth: number) => string> = {
  flowSeq: (depth) => `allowedHosts: ${'['.repeat(depth)}`,
  flowMap: (depth) => `agents: ${'{a: '.repeat(depth)}`,
  blockSeq: (depth) => `allowedHosts:\n  ${'- '.repeat(depth)}x\n`,
  explicitKeys: (depth) => `${'? '.repeat(depth)}x\n`,
  // Each level indented one more space: 1 500 levels make a megabyte.
  indented: (depth) =>
    Array.from({ length: Math.min(depth, 2000) }, (_, level) => `${' '.repeat(level)}k:`).join(
      '\n',
    ),
  mixed: (depth) => `a: ${'[{b: - '.repeat(depth)}`,
};

/** Texts of `count` nodes, one way YAML makes many. */
const crowds: Record<string, (count: number) => string> = {
  flowList: (count) => `allowedHosts: [${'a,'.repeat(count)}]\n`,
  blockList: (count) => `allowedHosts:\n${'  - a\n'.repeat(count)}`,
  mapKeys: (count) =>
    `agents:\n  a:\n    command: x\n    env:\n${Array.from({ length: count }, (_, key) => `      k${key}: v\n`).join('')}`,
  aliases: (count) => `x: &a [q, q, q]\nallowedHosts: [${'*a, '.repeat(count)}]\n`,
};

/** Texts within every limit that still make the check do all its work, each with errors. */
const heavy: Record<string, (count: number) => string> = {
  badHosts: (count) => `allowedHosts:\n${'  - not a host name\n'.repeat(count)}`,
  longBadHosts: (count) => `allowedHosts:\n${`  - ${'x'.repeat(90)} y\n`.repeat(count)}`,
  agentsNotMaps: (count) =>
    `agents:\n${Array.from({ length: count }, (_, agent) => `  a${agent}: 1\n`).join('')}`,
};

/** A billion laughs: each level ten aliases of the one before. */
function laughs(levels: number): string {
  const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= levels; level++) {
    lines.push(
      `l${level}: &l${level} [${Array(10)
        .fill(`*l${level - 1}`)
        .join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const hostileText = fc.oneof(
  fc
    .record({
      way: fc.constantFrom(...Object.keys(nestings)),
      depth: fc.integer({ min: 100, max: 1_000_000 }),
    })
    .map(({ way, depth }) => nestings[way]!(depth).slice(0, 2 * mebibyte)),
  fc
    .record({
      way: fc.constantFrom(...Object.keys(crowds)),
      count: fc.integer({ min: maxNodes + 1, max: 500_000 }),
    })
    .map(({ way, count }) => crowds[way]!(count).slice(0, 8 * mebibyte)),
  fc
    .record({
      way: fc.constantFrom(...Object.keys(heavy)),
      count: fc.integer({ min: maxNodes / 4, max: maxNodes / 2 - 10 }),
    })
    .map(({ way, count }) => heavy[way]!(count)),
  fc.integer({ min: 4, max: 9 }).map(laughs),
  fc
    .integer({ min: maxConfigBytes + 1, max: 12 * mebibyte })
    .map((size) => `agents: {}\n#${'é'.repeat(size / 2)}\n`),
);

type Problems = { message: string; warning: boolean }[];

/**
 * The problems the host finds in `text`, or 413 when the request itself is too large: answered
 * 413, or cut while it was still being sent (the host answers and closes without reading it).
 */
async function check(host: HostProcess, method: string, text: string): Promise<Problems | 413> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [text] });
  const answer = await host.post(body).then(
    async (response): Promise<413 | string> =>
      response.status === 413 ? 413 : await response.text(),
    (error: Error): 413 => {
      const { code } = (error.cause ?? {}) as { code?: string };
      if (body.length > 2 * mebibyte && (code === 'EPIPE' || code === 'ECONNRESET')) return 413;
      throw error;
    },
  );
  if (answer === 413) return 413;
  const { result, error } = JSON.parse(answer) as { result: Problems; error?: unknown };
  expect(error).toBeUndefined();
  return result;
}

const refused = (answer: Problems | 413) =>
  answer === 413 || answer.some((problem) => !problem.warning);

describe('a hostile configuration text', () => {
  it('is refused with a problem, writes nothing, and costs the host under 100 MB', async () => {
    const host = await start(configText({ a: [] }));
    const saved = await readFile(host.configPath, 'utf8');
    // What a working host holds anyway: the schema compiled, the check's thread started.
    const large = configText(
      Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`a${index}`, []])),
    );
    for (const text of [saved, large, saved, large]) {
      expect(refused(await check(host, 'ConfigService.Validate', text))).toBe(false);
    }
    const before = peakMemory(host.pid);

    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileText, { minLength: 4, maxLength: 4 }),
        fc.constantFrom('ConfigService.Validate', 'ConfigService.Save'),
        async (texts, method) => {
          const answers = await Promise.all(texts.map((text) => check(host, method, text)));
          for (const answer of answers) expect(refused(answer)).toBe(true);
        },
      ),
      // A counterexample is megabytes long: say only how to run it again.
      {
        numRuns: 12,
        reporter: ({ failed, seed, counterexamplePath, errorInstance }) => {
          if (!failed) return;
          const reason = String(errorInstance).slice(0, 500);
          throw new Error(`seed ${seed}, path ${counterexamplePath}: ${reason}`);
        },
      },
    );

    expect(await readFile(host.configPath, 'utf8')).toBe(saved);
    expect((await host.rpc('AgentService.List')).result).toEqual([
      expect.objectContaining({ name: 'a' }),
    ]);
    // Just over the limit, the host itself says so, in the configuration's language.
    expect(await check(host, 'ConfigService.Validate', `#${'x'.repeat(maxConfigBytes)}`)).toEqual([
      {
        line: 1,
        column: 1,
        message: 'this configuration is over the limit of 1024 KiB',
        warning: false,
      },
    ]);
    const grown = peakMemory(host.pid) - before;
    expect(grown, `${Math.round(grown / mebibyte)} MB more`).toBeLessThan(100 * mebibyte);
  });
});
