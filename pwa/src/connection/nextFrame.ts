/** What waits for the next frame, each once. */
const waiting = new Set<() => void>();
/** How many times what waited ran. */
let flushes = 0;

/** Changes each time what waits for a frame runs: a task of its own, where renders begin. */
export const frameFlushes = (): number => flushes;

/**
 * Runs `run` before the next frame is drawn (soon, when the page is hidden and draws none), once
 * however often it is asked for meanwhile, with whatever else waits for it, in one callback: the
 * stores that tell React of changes through it (the host's, the Markdown parser's) make one
 * render a frame between them, not one each, nor one per event.
 */
export function nextFrame(run: () => void): void {
  waiting.add(run);
  if (waiting.size > 1) return;
  const flush = () => {
    flushes += 1;
    const callbacks = [...waiting];
    waiting.clear();
    for (const callback of callbacks) callback();
  };
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    requestAnimationFrame(flush);
  } else {
    setTimeout(flush);
  }
}
