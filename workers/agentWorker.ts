/**
 * The entry of an agent worker thread: one per running agent. It owns the agent's process and
 * lifecycle actor, serves `AgentWorkerApi` through `rpc.ts`, and posts `AgentWorkerEvent`s on the
 * port the host gave it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AgentActor } from './AgentActor.ts';
import type { AgentWorkerData } from './protocol.ts';
import { exposeToHost } from './rpc.ts';

if (!parentPort) throw new Error('agentWorker.ts runs in a worker thread');

const { launch, timings, events } = workerData as AgentWorkerData;
const actor = new AgentActor(launch, (event) => events.postMessage(event), timings);
exposeToHost(actor, parentPort);
