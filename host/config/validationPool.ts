/**
 * The piscina pool that checks large configurations off the main thread (DESIGN.md: "piscina pool:
 * validate"). One thread at most, started on demand and ended when idle, so the pool never keeps
 * the host alive.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ValidateConfigResult, ValidateConfigTask } from '../../workers/validateConfigTask.ts';

/** How long an idle thread stays, ready for the next save, before it ends. */
const idleTimeoutMs = 10_000;
/**
 * How many checks may wait behind the one running; more are refused at once. Each holds its text
 * (1 MiB at most), so what waits is bounded too.
 */
const maxWaitingChecks = 4;

/** A check refused because {@link maxWaitingChecks} already wait. */
export class ValidationBusy extends Error {
  constructor() {
    super(`${maxWaitingChecks} configurations are already waiting to be checked`);
  }
}

let pool: Piscina<ValidateConfigTask, ValidateConfigResult> | undefined;
const running = new Set<Promise<unknown>>();

/**
 * The task's file: built next to the bundled host (`dist/host/main.js` → `dist/workers/`), or, from
 * source, a small ES module that loads the TypeScript task through tsx (see that file).
 */
function taskFile(): string {
  const built = fileURLToPath(new URL('../workers/validateConfigTask.js', import.meta.url));
  if (existsSync(built)) return built;
  return fileURLToPath(new URL('../../workers/validateConfigTask.dev.mjs', import.meta.url));
}

/** Checks `text` in the pool's worker thread; rejects with `ValidationBusy` when too many wait. */
export function checkConfigInPool(text: string): Promise<ValidateConfigResult> {
  pool ??= new Piscina({
    filename: taskFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: idleTimeoutMs,
    maxQueue: maxWaitingChecks,
    // A check's garbage stays in this heap, collected long before it could grow the host's.
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
  });
  if (pool.queueSize >= maxWaitingChecks) return Promise.reject(new ValidationBusy());
  const check = pool.run({ text });
  running.add(check);
  void check.finally(() => running.delete(check)).catch(() => {});
  return check;
}

/** Ends the pool's thread once the checks under way are done; the next check starts a new one. */
export async function destroyValidationPool(): Promise<void> {
  const ending = pool;
  pool = undefined;
  await Promise.allSettled(running);
  await ending?.destroy();
}
