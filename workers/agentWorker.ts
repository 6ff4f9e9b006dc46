/**
 * The entry of an agent worker thread: one per agent in use. It owns the agent's runs, its ACP
 * client side and its conversation (`WorkerAgent`), serves `AgentWorkerApi` through `rpc.ts`, and
 * posts `AgentWorkerEvent`s on the port the host gave it.
 *
 * A worker made for a start spawns the agent first thing: the agent boots while the worker loads
 * the rest of its code (the ACP SDK and its schemas, XState: most of a new worker's start).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AgentWorkerData, AgentWorkerEvent, HostPortMessage } from './protocol.ts';
import { spawnAgent } from './spawnAgent.ts';

if (!parentPort) throw new Error('agentWorker.ts runs in a worker thread');
const host = parentPort;

const { events, launch, ...options } = workerData as AgentWorkerData;
const post = (event: AgentWorkerEvent) => events.postMessage(event);
const early = launch ? spawnAgent(launch) : undefined;
// The host kills this group itself if the worker dies before it says more.
if (early?.child.pid !== undefined) post({ type: 'spawned', pid: early.child.pid });

const [{ WorkerAgent }, { exposeToHost }] = await Promise.all([
  import('./WorkerAgent.ts'),
  import('./rpc.ts'),
]);
const worker = new WorkerAgent({ ...options, ...(early ? { early } : {}) }, post);
events.on('message', (message: HostPortMessage) => {
  if (message.type === 'logRead') worker.logRead(message.bytes);
  else worker.sync(message.id);
});
exposeToHost(worker, host);
