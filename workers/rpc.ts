/**
 * The one module that knows Comlink (STYLE.md, "The worker boundary"): the worker exposes its
 * API with `exposeToHost`, the host wraps a worker with `wrapWorker`. Comlink is quiet upstream,
 * so it is pinned and kept behind these three functions.
 *
 * It is also all the host may load of `workers/` at run time (eslint.config.js, `local/layering`):
 * besides Comlink, the host needs a few things of the workers' own: `signalGroup` and the run
 * marker every agent process carries (`runVariable`, `killMarked`), to kill an agent's processes
 * when its worker cannot (a hung worker, the host's exit, a login terminal); and the identities of
 * Switchboard's own files, which a message's attachments are refused as fs/* is.
 */
import * as Comlink from 'comlink';
import nodeAdapter from 'comlink/dist/umd/node-adapter.js';
import type { MessagePort, Worker } from 'node:worker_threads';

// The UMD file sets `module.exports` to the function while its types declare a default export.
const nodeEndpoint = nodeAdapter as unknown as typeof nodeAdapter.default;

export { signalGroup } from './processGroup.ts';
export { killMarked, runVariable } from './processTree.ts';
// Switchboard's own files by identity: the host's attachments refuse what the workers' fs/* do.
export { isOwnFile, isOwnedBy, ownIdentities } from './ownFiles.ts';

export type Remote<T> = Comlink.Remote<T>;

/** In a worker: serves `api` to the host over `port` (the worker's `parentPort`). */
export function exposeToHost(api: object, port: MessagePort): void {
  Comlink.expose(api, nodeEndpoint(port));
}

/** In the host: the API a worker (or any port that `exposeToHost` serves) exposes, each call a promise. */
export function wrapWorker<T>(worker: Worker | MessagePort): Remote<T> {
  return Comlink.wrap<T>(nodeEndpoint(worker));
}

/** In the host: lets go of a wrapped worker so its port can close. */
export function releaseWorker(remote: Remote<unknown>): void {
  remote[Comlink.releaseProxy]();
}
