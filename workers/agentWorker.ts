/**
 * The entry of an agent worker thread: one per agent in use. It owns the agent's runs, its ACP
 * client side and its conversation (`WorkerAgent`), serves `AgentWorkerApi` through `rpc.ts`, and
 * posts `AgentWorkerEvent`s on the port the host gave it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WorkerAgent } from './WorkerAgent.ts';
import type { AgentWorkerData, HostPortMessage } from './protocol.ts';
import { exposeToHost } from './rpc.ts';

if (!parentPort) throw new Error('agentWorker.ts runs in a worker thread');

const { events, ...options } = workerData as AgentWorkerData;
const worker = new WorkerAgent(options, (event) => events.postMessage(event));
events.on('message', (message: HostPortMessage) => worker.logRead(message.bytes));
exposeToHost(worker, parentPort);
