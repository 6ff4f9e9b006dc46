/**
 * The memory rows of `npm run bench`: what a ready agent costs the host. Each measure runs in a
 * process of its own (`dist/bench/memory.js`, with `--expose-gc`), so that what the other rows
 * allocated and freed does not move its baseline; RSS is read after the garbage is collected.
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { supervisorOf } from './benchAgents.ts';
import { mark } from './verdict.ts';

const memoryFile = new URL('./memory.js', import.meta.url).pathname;

const counts = [1, 8, 16] as const;
const megabytes = () => process.memoryUsage().rss / 2 ** 20;

/** Collects the garbage until RSS settles (freed pages go back over a few cycles). */
async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    global.gc?.();
  }
  return megabytes();
}

/** Host RSS with 0, then `counts` ready agents: `[base, rss at each count]`. */
async function readyAgents(): Promise<number[]> {
  const supervisor = supervisorOf(counts.at(-1)!);
  const figures = [await settledRss()];
  let started = 0;
  for (const count of counts) {
    const names = Array.from({ length: count - started }, (_, i) => `agent${started + i}`);
    await Promise.all(names.map((name) => supervisor.start(name)));
    started = count;
    figures.push(await settledRss());
  }
  await supervisor.close();
  return figures;
}

/** Host RSS with 0, then 16 worker threads that load nothing: what Node itself costs. */
async function emptyWorkers(): Promise<number[]> {
  const base = await settledRss();
  const workers = Array.from(
    { length: counts.at(-1)! },
    () => new Worker('setInterval(() => {}, 1 << 30);', { eval: true }),
  );
  await Promise.all(
    workers.map((worker) => new Promise((resolve) => worker.once('online', resolve))),
  );
  const rss = await settledRss();
  await Promise.all(workers.map((worker) => worker.terminate()));
  return [base, rss];
}

/** Runs one measure in a fresh process; its figures come back as JSON on stdout. */
function measureApart(measure: 'ready' | 'empty'): Promise<number[]> {
  const child = spawn(process.execPath, ['--expose-gc', memoryFile, measure], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as number[])
        : reject(new Error(`bench: the ${measure} memory measure exited with ${code}`)),
    ),
  );
}

export async function memoryRows(): Promise<string[]> {
  const [base, ...withAgents] = await measureApart('ready');
  const [emptyBase, withEmpty] = await measureApart('empty');
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  const rows = counts.map((count, i) => {
    const added = withAgents[i]! - base!;
    const perAgent = added / count;
    return `| host RSS with ${count} ready agent(s) | +${mb(added)} | ${mb(base!)} with 0 | ${mb(perAgent)} per agent | ≤ 12 MB per agent ${mark(perAgent <= 12)} |`;
  });
  const perEmpty = (withEmpty! - emptyBase!) / counts.at(-1)!;
  rows.push(
    `| host RSS per worker thread that loads nothing (Node's own cost, ${counts.at(-1)} of them) | +${mb(perEmpty)} | — | the floor of any worker | — |`,
  );
  return rows;
}

if (process.argv[1] === memoryFile) {
  const figures = process.argv[2] === 'empty' ? await emptyWorkers() : await readyAgents();
  process.stdout.write(JSON.stringify(figures));
}
