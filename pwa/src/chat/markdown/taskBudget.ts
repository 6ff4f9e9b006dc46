/**
 * How much Markdown work the page may do (`MarkdownText`). Parses in a render: a task's renders
 * share one budget (React may render again in a microtask of the same task, a layout effect's
 * update), which ends at the next task, or at the next frame's renders if they come first, as they
 * may on a busy page. The elements the commits make (`BlockParts`): a frame's commits share one
 * budget, counting what they took and what the renders since promised them — React may render and
 * commit several times in a frame, in tasks of its own.
 */
import { frameFlushes } from '../../connection/nextFrame.ts';

/** When this task first asked to parse. */
let asked: number | undefined;
let askedInFlush = -1;
/** This frame's elements: made by its commits (ms), promised to the next, and whether any. */
let frame = -1;
let madeMs = 0;
let promisedMs = 0;
let showed = false;

function startTask(now: number): number {
  if (asked === undefined || askedInFlush !== frameFlushes()) {
    asked = now;
    askedInFlush = frameFlushes();
    setTimeout(() => {
      asked = undefined;
    });
  }
  return asked;
}

function startFrame(): void {
  if (frame === frameFlushes()) return;
  frame = frameFlushes();
  madeMs = 0;
  promisedMs = 0;
  showed = false;
}

/**
 * Whether a block that takes about `costMs` to parse may be parsed now: if that ends within
 * `budgetMs` of the first ask in this task.
 */
export function mayParse(budgetMs: number, costMs: number): boolean {
  const now = performance.now();
  return now + costMs <= startTask(now) + budgetMs;
}

/**
 * Whether the next commit may make the elements of a block that takes about `costMs` to make
 * (then promised to it): if this frame's commits stay within `budgetMs`, or it is the frame's
 * first block — one at least, so that every frame moves on.
 */
export function mayShow(budgetMs: number, costMs: number): boolean {
  startFrame();
  if (showed && madeMs + promisedMs + costMs > budgetMs) return false;
  showed = true;
  promisedMs += costMs;
  return true;
}

/** A commit made elements for `ms`: what the renders before it promised is made. */
export function madeElements(ms: number): void {
  startFrame();
  madeMs += ms;
  promisedMs = 0;
}
