/**
 * `npm run bench`: what the actor design costs, measured side by side in one run: the start
 * overhead (Start() to `ready`, against the same agent spawned and initialized directly), the
 * memory of ready agents' workers (`memory.ts`), streaming throughput and latency against a raw
 * relay (`streaming.ts`), what keeping conversations costs the stream and a search over 100 000
 * stored messages (`search.ts`), and the app in Chromium: its open (`pwa.ts`) and its frames
 * under a stream (`pwaStream.ts`). Prints a Markdown table and writes it
 * under bench/results/. It runs bundled (scripts/bench/build.mjs), against the same built worker
 * as `npm start`.
 */
import { client, methods, ndJsonStream } from '@agentclientprotocol/sdk';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { createActor } from 'xstate';
import { turnMachine } from '../../machines/turnMachine.ts';
import { ActorInspector } from '../../workers/ActorInspector.ts';
import type { Supervisor } from '../../host/Supervisor.ts';
import { fakeAgentFile, supervisorOf } from './benchAgents.ts';
import { memoryRows } from './memory.ts';
import { pwaRows } from './pwa.ts';
import { streamFrameRows } from './pwaStream.ts';
import { searchRows } from './search.ts';
import { pacedRows, storageRows, streamingRows } from './streaming.ts';
import { mark } from './verdict.ts';

const runs = 10;

/** Spawn and `initialize` with nothing between: the agent's own start time. */
async function rawStart(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [fakeAgentFile], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = client({ name: 'bench' }).connect(
    ndJsonStream(
      Writable.toWeb(child.stdin),
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  await connection.agent.request(methods.agent.initialize, { protocolVersion: 1 });
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await exited;
  return elapsed;
}

/** Start() to `ready` for every agent of `names`, all started together. */
async function switchboardStart(supervisor: Supervisor, names: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(names.map((name) => supervisor.start(name)));
  const elapsed = performance.now() - started;
  await Promise.all(names.map((name) => supervisor.stop(name)));
  return elapsed;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Start() to `ready` against the agent's own start, for `count` agents started together: as the
 * host does it (a new supervisor whose spare worker has loaded: the first agent takes it, the
 * others' worker threads are made), with no spare (every worker made), and with a worker kept
 * from an earlier run of the agent (as after a stop or a crash).
 */
async function startOverhead(count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `agent${i}`);
  const raw: number[] = [];
  const spare: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Interleaved, so that the machine's noise falls on every side alike.
    raw.push(Math.max(...(await Promise.all(names.map(() => rawStart())))));
    const host = supervisorOf(count, true);
    await host.warm();
    spare.push(await switchboardStart(host, names));
    await host.close();
    const supervisor = supervisorOf(count);
    cold.push(await switchboardStart(supervisor, names));
    warm.push(await switchboardStart(supervisor, names));
    await supervisor.close();
  }
  // Issue 17's targets: +20 ms for one agent, +150 ms for eight started together on 2 cores.
  const target = count === 1 ? 20 : 150;
  const row = (kind: string, ours: number[]) => {
    const overhead = median(ours) - median(raw);
    return `| start overhead, ${count} agent(s), ${kind} | ${ms(median(ours))} | ${ms(median(raw))} | ${ms(overhead)} | ≤ +${target} ms ${mark(overhead <= target)} |`;
  };
  return [
    row(count === 1 ? 'the spare worker' : 'the spare worker for one, new ones', spare),
    row('new workers, no spare', cold),
    row('worker kept', warm),
  ];
}

/**
 * What the inspector costs an actor nobody watches: a turn machine driven through a whole turn,
 * with the worker's unwatched `inspect` callback against no callback at all, interleaved.
 */
function unwatchedInspection(): string {
  const turns = 2_000;
  const inspector = new ActorInspector(() => {});
  const drive = (inspected: boolean) => {
    const started = performance.now();
    for (let i = 0; i < turns; i++) {
      const actor = createActor(turnMachine);
      if (inspected) inspector.attach(actor, 'turn', 'conversation-turn');
      actor.start();
      actor.send({ type: 'turn.begin' });
      actor.send({ type: 'turn.agentReady' });
      actor.send({ type: 'turn.permissionRequested' });
      actor.send({ type: 'turn.permissionAnswered', rejected: false });
      actor.send({ type: 'turn.promptEnded', stopReason: 'end_turn' });
    }
    return (performance.now() - started) / turns;
  };
  const bare: number[] = [];
  const unwatched: number[] = [];
  for (let run = 0; run < runs; run++) {
    bare.push(drive(false));
    unwatched.push(drive(true));
  }
  const [ours, raw] = [median(unwatched), median(bare)];
  const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
  const ratio = ours / raw;
  return `| a turn's actor, unwatched inspection vs none | ${us(ours)} | ${us(raw)} | ${ratio.toFixed(2)}× | ≈ 1× (≤ 1.1×) ${mark(ratio <= 1.1)} |`;
}

/** `npm run bench -- start memory`: only those sections, printed, not written (all by default). */
const sections = process.argv.slice(2);
const only = (section: string) => sections.length === 0 || sections.includes(section);

const lines = [
  `# Switchboard benchmarks`,
  '',
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}) · starts: medians of ${runs} runs; floods: medians of 5 (storage: of 3); latencies: 100 paced chunks per agent, at every client, medians of 5`,
  '',
  '| measure | Switchboard | raw | difference | target |',
  '| --- | --- | --- | --- | --- |',
  ...(only('start') ? [...(await startOverhead(1)), ...(await startOverhead(8))] : []),
  ...(only('memory') ? await memoryRows() : []),
  ...(only('inspection') ? [unwatchedInspection()] : []),
  ...(only('streaming') ? await streamingRows() : []),
  ...(only('paced') ? await pacedRows() : []),
  ...(only('storage') ? await storageRows() : []),
  ...(only('search') ? searchRows() : []),
  ...(only('pwa') ? await pwaRows() : []),
  ...(only('frames') ? await streamFrameRows() : []),
  ...(sections.includes('open') ? await pwaRows({ openOnly: true }) : []),
  '',
];
const table = lines.join('\n');
console.log(table);
if (sections.length === 0) {
  await mkdir('bench/results', { recursive: true });
  await writeFile(`bench/results/latest.md`, table);
}
