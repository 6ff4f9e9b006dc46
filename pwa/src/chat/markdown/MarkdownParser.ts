import type { Root } from 'hast';
import type { ReactElement } from 'react';
import { nextFrame } from '../../connection/nextFrame.ts';
import { markdownElement } from './markdownElement.tsx';
import { markdownTree, timedTree } from './markdownTree.ts';

/** A block for the worker to parse (`markdownWorker.ts`). */
export interface ParseRequest {
  id: number;
  text: string;
  highlight: boolean;
}

/** Its tree, and how long the parse took (ms). */
export interface ParseResult {
  id: number;
  tree: Root;
  ms: number;
}

/** Where trees are made off a render: `post` them; their answers come back to `#received`. */
interface TreeMaker {
  post(requests: ParseRequest[]): void;
}

/** A growing block's latest element: maybe of an earlier text than the block has now. */
export interface Growing {
  text: string;
  element: ReactElement;
}

/** Shorter than this, a block's parse costs about the same whatever its length. */
const shortBlock = 256;
/** About 4 MB of finished blocks' text: a few long answers, kept across renders and scrolls. */
const finishedLimit = 4 * 2 ** 20;
/** Growing blocks remembered (a few messages stream at once at most). */
const growingLimit = 64;
/** What the page's own task does when there is no worker, per task: about a frame's half. */
const sliceMs = 8;

/**
 * Markdown blocks made into React elements, now or off a render. Finished blocks (highlighted) are
 * kept by text, least recently used out first; a growing block is kept by its place (`slot`), its
 * latest version only. What a render asks for (`request`, `requestGrowing`) is parsed in a worker
 * — or, with none, in later tasks of the page, a slice at a time — and `subscribe`rs are told,
 * once a frame, that there is more to show.
 *
 * @example
 * const element = markdownParser.finished(text) ?? markdownParser.parseNow(text);
 */
export class MarkdownParser {
  /** Finished blocks: their element, or the worker's tree until a render makes it one. */
  readonly #finished = new Map<string, ReactElement | Root>();
  #finishedSize = 0;
  readonly #growing = new Map<string, Growing>();
  /** Finished texts asked for and not back yet. */
  readonly #asked = new Set<string>();
  /** In flight, by request id: a finished text, or the slot of a growing one. */
  readonly #inFlight = new Map<number, { text: string; slot?: string }>();
  /** The slots with a request in flight, and the text each wants next. */
  readonly #growingWanted = new Map<string, string | undefined>();
  /** What a worker was sent and has not answered: sent again elsewhere if it fails. */
  readonly #sent = new Map<number, ParseRequest>();
  #nextId = 1;
  #outbox: ParseRequest[] = [];
  readonly #makeWorker: (() => Worker) | undefined;
  /** Made at the first request: a page that shows no long Markdown starts no worker. */
  #maker: TreeMaker | undefined;
  readonly #listeners = new Set<() => void>();
  /** Who waits for which finished texts (`whenParsed`), and who is to hear that theirs came. */
  readonly #awaiting = new Map<string, Set<() => void>>();
  readonly #arrived = new Set<() => void>();
  #version = 0;
  /**
   * What a parse costs, learnt from every parse, here and in the worker: at first, a few times
   * what a short block costs warm, and dense inline text's rate on a fast machine (2 KB of numbers
   * and spaces: ~15 ms), so the first long blocks go to the worker.
   */
  readonly #parseCost = new CostModel(2, 0.008);
  /** What making elements of a worker's tree costs, learnt from each (about a tenth of a parse). */
  readonly #makeCost = new CostModel(0.2, 0.0008);
  #warm = false;

  constructor(makeWorker: (() => Worker) | undefined) {
    this.#makeWorker = makeWorker;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Changes each time parsed blocks came back (for `useSyncExternalStore`). */
  version = (): number => this.#version;

  /**
   * Calls `listener` at the next frame after the tree of one of `texts` (finished blocks asked
   * for) is back — at once if one already is — and not for anyone else's: a long answer whose
   * blocks wait for the worker renders again only where they came, not whole at each answer.
   */
  whenParsed(texts: readonly string[], listener: () => void): () => void {
    for (const text of texts) {
      if (this.#finished.has(text)) nextFrame(listener);
      let waiting = this.#awaiting.get(text);
      if (!waiting) this.#awaiting.set(text, (waiting = new Set()));
      waiting.add(listener);
    }
    return () => {
      for (const text of texts) {
        const waiting = this.#awaiting.get(text);
        waiting?.delete(listener);
        if (waiting?.size === 0) this.#awaiting.delete(text);
      }
    };
  }

  /** `text`'s element, highlighted, if it was made. */
  finished(text: string): ReactElement | undefined {
    const kept = this.#finished.get(text);
    if (kept === undefined || isTree(kept)) return undefined;
    this.#finished.delete(text);
    this.#finished.set(text, kept);
    return kept;
  }

  /** Whether the worker's tree of `text` waits to be made into elements. */
  hasTree(text: string): boolean {
    return isTree(this.#finished.get(text));
  }

  /**
   * About how long `parseNow(text)` would take, in ms, from the times measured so far: a parse, or
   * only the making of elements from the worker's tree.
   */
  cost(text: string): number {
    return (this.hasTree(text) ? this.#makeCost : this.#parseCost).estimate(text.length);
  }

  /** Makes `text`'s element now, as a finished block (a growing one with `slot`). */
  parseNow(text: string, slot?: string): ReactElement {
    const kept = slot === undefined ? this.#finished.get(text) : undefined;
    const started = performance.now();
    if (kept !== undefined && isTree(kept)) {
      const element = markdownElement(kept);
      this.#makeCost.learn(text.length, performance.now() - started);
      this.#finished.set(text, element);
      return element;
    }
    const element = markdownElement(markdownTree(text, { highlight: slot === undefined }));
    this.#parseCost.learn(text.length, performance.now() - started);
    if (slot === undefined) this.#keepFinished(text, element);
    else this.#keepGrowing(slot, { text, element });
    return element;
  }

  /**
   * Parses, one an idle moment, a sample of what agents write — its first parse runs code the
   * engine has not compiled yet (a 20-character heading: 25 ms here), and highlight.js compiles a
   * language at its first use (TypeScript: 10–35 ms) — so that it does not fall in the frames of
   * the first answer streamed.
   */
  warmUp(): void {
    if (this.#warm) return;
    this.#warm = true;
    const samples = [
      '# A title\n\nSome **bold**, `code`, a [link](https://example.com) and https://example.com.',
      '- a list\n- [x] a task\n\n1. numbered\n\n> a quote\n\n| a | b |\n| - | - |\n| 1 | 2 |',
      ...['ts', 'js', 'json', 'bash', 'python', 'diff', 'tsx', 'yaml', 'css', 'html'].map(
        (language) => `\`\`\`${language}\nconst a = 1;\n\`\`\``,
      ),
    ];
    const next = () => {
      const sample = samples.shift();
      if (sample === undefined) return;
      markdownTree(sample, { highlight: true });
      whenIdle(next);
    };
    whenIdle(next);
  }

  /** Parses `text` as a finished block off this render. */
  request(text: string): void {
    if (this.#finished.has(text) || this.#asked.has(text)) return;
    this.#asked.add(text);
    this.#send(text, true, undefined);
  }

  /** The latest element of the growing block at `slot`. */
  growing(slot: string): Growing | undefined {
    return this.#growing.get(slot);
  }

  /** Parses the growing block at `slot` off this render: its latest text only, one at a time. */
  requestGrowing(slot: string, text: string): void {
    if (this.#growing.get(slot)?.text === text) return;
    if (this.#growingWanted.has(slot)) {
      this.#growingWanted.set(slot, text);
      return;
    }
    this.#growingWanted.set(slot, undefined);
    this.#send(text, false, slot);
  }

  #send(text: string, highlight: boolean, slot: string | undefined): void {
    const id = this.#nextId++;
    this.#inFlight.set(id, slot === undefined ? { text } : { text, slot });
    // Asked for during a render: sent once the render is over, together.
    if (this.#outbox.length === 0) {
      queueMicrotask(() => {
        const requests = this.#outbox;
        this.#outbox = [];
        this.#maker ??= this.#makeWorker ? this.#worker(this.#makeWorker()) : this.#inPage();
        this.#maker.post(requests);
      });
    }
    this.#outbox.push({ id, text, highlight });
  }

  #received(results: readonly ParseResult[]): void {
    for (const { id, tree, ms } of results) {
      const request = this.#inFlight.get(id);
      this.#sent.delete(id);
      if (!request) continue;
      this.#inFlight.delete(id);
      const { text, slot } = request;
      // Else a parse that once took long (a pause, a page busy elsewhere) would keep every block
      // out of the render: only the worker would parse, and the estimate never come down.
      this.#parseCost.learn(text.length, ms);
      if (slot === undefined) {
        // Made into elements by the render that shows it, in its budget: not all at once here.
        this.#asked.delete(text);
        this.#keepFinished(text, tree);
        for (const listener of this.#awaiting.get(text) ?? []) this.#arrived.add(listener);
        continue;
      }
      this.#keepGrowing(slot, { text, element: markdownElement(tree) });
      const next = this.#growingWanted.get(slot);
      this.#growingWanted.delete(slot);
      if (next !== undefined) this.requestGrowing(slot, next);
    }
    this.#notify();
  }

  #keepFinished(text: string, element: ReactElement | Root): void {
    if (!this.#finished.has(text)) this.#finishedSize += text.length;
    this.#finished.set(text, element);
    for (const [oldest] of this.#finished) {
      if (this.#finishedSize <= finishedLimit || oldest === text) break;
      this.#finished.delete(oldest);
      this.#finishedSize -= oldest.length;
    }
  }

  #keepGrowing(slot: string, growing: Growing): void {
    this.#growing.delete(slot);
    this.#growing.set(slot, growing);
    for (const [oldest] of this.#growing) {
      if (this.#growing.size <= growingLimit) break;
      this.#growing.delete(oldest);
    }
  }

  /** Once a frame at most: a worker's answers come faster than frames. */
  #notify(): void {
    nextFrame(this.#tell);
  }

  readonly #tell = () => {
    this.#version += 1;
    const arrived = [...this.#arrived];
    this.#arrived.clear();
    for (const listener of [...this.#listeners, ...arrived]) listener();
  };

  #worker(worker: Worker): TreeMaker {
    worker.onmessage = ({ data }: MessageEvent<ParseResult[]>) => this.#received(data);
    // A worker that cannot start (a policy, an old browser): the page does its work, all of it.
    worker.onerror = () => {
      worker.terminate();
      this.#maker = this.#inPage();
      this.#maker.post([...this.#sent.values()]);
    };
    return {
      post: (requests) => {
        for (const request of requests) this.#sent.set(request.id, request);
        worker.postMessage(requests);
      },
    };
  }

  /** No worker: the page parses in tasks of its own, a slice at a time, between frames. */
  #inPage(): TreeMaker {
    const queue: ParseRequest[] = [];
    const work = () => {
      const sliceEnds = performance.now() + sliceMs;
      const results: ParseResult[] = [];
      while (queue.length > 0 && (results.length === 0 || performance.now() < sliceEnds)) {
        const { id, text, highlight } = queue.shift()!;
        results.push({ id, ...timedTree(text, { highlight }) });
      }
      if (queue.length > 0) setTimeout(work);
      this.#received(results);
    };
    return {
      post: (requests) => {
        if (queue.length === 0) setTimeout(work);
        queue.push(...requests);
      },
    };
  }
}

/**
 * What some work on a block costs, in ms, as moving averages of what was measured: a short
 * block's (about the same whatever its length), and a rate per character past that.
 */
class CostModel {
  #shortMs: number;
  #msPerChar: number;

  constructor(shortMs: number, msPerChar: number) {
    this.#shortMs = shortMs;
    this.#msPerChar = msPerChar;
  }

  estimate(length: number): number {
    return length < shortBlock ? this.#shortMs : length * this.#msPerChar;
  }

  learn(length: number, ms: number): void {
    if (length < shortBlock) this.#shortMs += (ms - this.#shortMs) * 0.2;
    else this.#msPerChar += (ms / length - this.#msPerChar) * 0.2;
  }
}

/** `run` when the page is idle (a while later where it cannot tell). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}

/** Whether what is kept is still a tree (a React element has no `type: 'root'`). */
const isTree = (kept: ReactElement | Root | undefined): kept is Root =>
  kept !== undefined && kept.type === 'root';

/** The page's parser: a worker where the browser has one. */
export const markdownParser = new MarkdownParser(
  typeof Worker === 'undefined'
    ? undefined
    : () => new Worker(new URL('./markdownWorker.ts', import.meta.url), { type: 'module' }),
);
