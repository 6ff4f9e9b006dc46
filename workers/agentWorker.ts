/**
 * The entry of an agent worker thread: one per agent in use. It owns the agent's runs, its ACP
 * client side and its conversation (`WorkerAgent`), serves `AgentWorkerApi` through `rpc.ts`, and
 * posts `AgentWorkerEvent`s on the port the host gave it.
 *
 * A worker made for a start spawns the agent first thing: the agent boots while the worker loads
 * the rest of its code (the ACP SDK and its schemas, XState: most of a new worker's start). A spare
 * (`host/SpareWorker.ts`) loads its code first, says so, and waits for the agent it is adopted by.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AgentLaunch, AgentWorkerEvent, HostPortMessage } from '../schema/worker.ts';
import type { AdoptMessage, AgentWorkerData, SpareWorkerData } from './protocol.ts';
import { runMarker, spawnAgent, type SpawnedAgent } from './spawnAgent.ts';

if (!parentPort) throw new Error('agentWorker.ts runs in a worker thread');
const host = parentPort;

const loadCode = () => Promise.all([import('./WorkerAgent.ts'), import('./rpc.ts')]);
type Code = Awaited<ReturnType<typeof loadCode>>;

/** Spawns the agent of `launch`, if the worker is made for a start, and tells the host its pid. */
function spawnEarly(
  launch: AgentLaunch | undefined,
  post: (event: AgentWorkerEvent) => void,
): SpawnedAgent | undefined {
  const early = launch ? spawnAgent(launch) : undefined;
  // The host kills this group itself if the worker dies before it says more.
  if (early?.child.pid !== undefined) {
    post({ type: 'spawned', pid: early.child.pid, ...runMarker(early.launch) });
  }
  return early;
}

/**
 * Serves the agent `data` names: spawns it first when it is made for a start, then runs it with
 * `code` (the rest of the worker's code), loaded meanwhile or already.
 */
async function serve(data: AgentWorkerData, code: Code | Promise<Code>): Promise<void> {
  const { events, launch, ...options } = data;
  const post = (event: AgentWorkerEvent) => events.postMessage(event);
  const early = spawnEarly(launch, post);
  const [{ WorkerAgent }, { exposeToHost }] = await code;
  const worker = new WorkerAgent({ ...options, ...(early ? { early } : {}) }, post);
  events.on('message', (message: HostPortMessage) => {
    if (message.type === 'logRead') worker.logRead(message.bytes);
    else worker.sync(message.id);
  });
  exposeToHost(worker, host);
}

const given = workerData as AgentWorkerData | SpareWorkerData;
if ('spare' in given) {
  const code = await loadCode();
  host.once('message', ({ data }: AdoptMessage) => void serve(data, code));
  host.postMessage('loaded');
} else {
  await serve(given, loadCode());
}
