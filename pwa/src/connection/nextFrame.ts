/** What waits for the next frame. */
const waiting: (() => void)[] = [];

/**
 * Runs `run` before the next frame is drawn (soon, when the page is hidden and draws none), with
 * whatever else waits for it, in one callback: the stores that tell React of changes through it
 * (the host's, the Markdown parser's) make one render a frame between them, not one each.
 */
export function nextFrame(run: () => void): void {
  waiting.push(run);
  if (waiting.length > 1) return;
  const flush = () => {
    for (const callback of waiting.splice(0)) callback();
  };
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    requestAnimationFrame(flush);
  } else {
    setTimeout(flush);
  }
}
