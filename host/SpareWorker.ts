import { Worker, type MessagePort } from 'node:worker_threads';
import type { SpareWorkerData } from '../workers/protocol.ts';
import { workerEntry } from './workerEntry.ts';

/**
 * How long after the host starts, or after the spare was taken, the next one is made: later
 * still while agents start (it would take their CPU).
 */
const spareAfterMs = 1_000;

/**
 * The young generation of an agent worker's heap. V8's default (16 MB and more) is sized for
 * throughput, and a worker keeps it: with one worker per agent, that is most of what an idle agent
 * costs the host. A worker's garbage is small and short-lived (events on their way to the host):
 * 2 MB costs an idle agent ~1 MB less than 4 MB, ~3 MB less than 16 (`npm run bench`, memory).
 */
const youngGenerationMb = 2;

/** `new Worker(…)` of an agent worker: `workerData` and what it transfers come with it. */
export function agentWorkerThread(
  name: string,
  workerData: unknown,
  transferList: MessagePort[] = [],
): Worker {
  const entry = workerEntry('agentWorker');
  return new Worker(entry.source, {
    eval: entry.eval,
    workerData,
    transferList,
    name,
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
  });
}

interface Spare {
  thread: Worker;
  loaded: Promise<boolean>;
  isLoaded: boolean;
  /** Takes this class's listeners off the thread (not Node's own: they start its port). */
  release(): void;
}

/**
 * One agent worker thread kept loaded with no agent yet (issue 17): a new worker spends most of
 * its start loading its code (the ACP SDK and its schemas, XState), which an agent's first start
 * would otherwise wait for. The next start takes the spare (`take`), and another is made a moment
 * later, when the starts have settled. It costs one idle worker's memory, once.
 *
 * @example
 * const spare = new SpareWorker();
 * const thread = spare.take() ?? agentWorkerThread(name, data); // then adopt it (AgentWorkerHandle)
 * await spare.close();
 */
export class SpareWorker {
  #spare: Spare | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  /**
   * `starting`: whether some agent is starting now (the next spare waits until none is);
   * `makeThread`: how a spare's thread is made (tests give fakes).
   */
  constructor(
    private readonly starting: () => boolean = () => false,
    private readonly makeThread: (data: SpareWorkerData) => Worker = (data) =>
      agentWorkerThread('agent (spare)', data),
  ) {
    this.#schedule();
  }

  /** The spare if it is loaded, to adopt now (`AgentWorkerHandle`); another is made soon. */
  take(): Worker | undefined {
    const spare = this.#spare;
    this.#schedule();
    if (!spare?.isLoaded) return undefined;
    this.#spare = undefined;
    spare.release();
    return spare.thread;
  }

  /** Makes the spare now if there is none, and resolves once it is loaded. */
  async warm(): Promise<void> {
    clearTimeout(this.#timer);
    const spare = this.#spare ?? this.#make();
    if (!(await spare?.loaded)) throw new Error('the spare agent worker did not load');
  }

  /** Ends the spare, and makes no other. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const spare = this.#spare;
    this.#spare = undefined;
    await spare?.thread.terminate();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      if (this.starting()) this.#schedule();
      else if (!this.#spare) this.#make();
    }, spareAfterMs).unref();
  }

  #make(): Spare | undefined {
    if (this.#closed) return undefined;
    const thread = this.makeThread({ spare: true });
    const loaded = new Promise<boolean>((resolve) => {
      thread.once('message', () => resolve(true));
      thread.once('exit', () => resolve(false));
    });
    const ignore = () => {};
    // A spare that died is replaced, a little later.
    const died = () => {
      if (this.#spare !== spare) return;
      this.#spare = undefined;
      this.#schedule();
    };
    thread.on('error', ignore).once('exit', died);
    const spare: Spare = {
      thread,
      loaded,
      isLoaded: false,
      release: () => thread.off('error', ignore).off('exit', died),
    };
    void loaded.then((ok) => (spare.isLoaded = ok));
    this.#spare = spare;
    return spare;
  }
}
