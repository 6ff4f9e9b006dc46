/**
 * Item 5 of `npm run bench`: the PWA in headless Chromium against a real host (`pwaHost.ts`). A
 * fake agent answers 5 000 prompts with a tool call carrying a diff and a line of text (10 000
 * messages); then the time to open that conversation, at 1× and with the CPU 4× slower, and the
 * frame times while scrolling it from bottom to top (issue 17's targets, ✓ or ✗). The app under a
 * stream is `pwaStream.ts`. Rows in the table format of main.ts, `—` where there is no raw
 * counterpart.
 *
 * @example
 * const lines = ['| measure | … |', ...(await pwaRows())];
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchChromium } from '../chromium.ts';
import { fillConversation, pair, startHost, type PageGlobals } from './pwaHost.ts';
import { mark } from './verdict.ts';

const agent = 'bench';
const turns = 5_000;
const opens = 3;
/** Issue 17: the 10 000-message conversation on screen this soon, and on a CPU 4× slower. */
const openTarget = 300;
const throttledOpenTarget = 1_000;

/**
 * From navigation to the last message in view, in the page's own clock (ms since its origin),
 * and when the page's own scripts had run (`DOMContentLoaded` ended).
 */
async function openTime(
  page: Page,
  base: string,
  count: number,
): Promise<{ shown: number; booted: number }> {
  await page.goto(`${base}/#/chat/${agent}`);
  const handle = await page.waitForFunction(
    (last) => {
      const page = globalThis as unknown as PageGlobals;
      const feed = page.document.querySelector('[role=feed]');
      const article = page.document.querySelector(`article[aria-posinset="${last}"]`);
      if (!feed || !article) return false;
      const [view, box] = [feed.getBoundingClientRect(), article.getBoundingClientRect()];
      return box.top < view.bottom && box.bottom > view.top && page.performance.now();
    },
    count,
    { polling: 'raf', timeout: 30_000 },
  );
  const shown = (await handle.jsonValue()) as number;
  const booted = await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    return page.performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0;
  });
  return { shown, booted };
}

/**
 * Scrolls the feed from its end to its top, a fixed step a frame, collecting the time between
 * frames; the step makes the trip about `frames` frames long.
 */
async function scrollFrames(
  page: Page,
  frames: number,
): Promise<{ deltas: number[]; distance: number }> {
  return page.evaluate(async (frames) => {
    const page = globalThis as unknown as PageGlobals;
    const feed = page.document.querySelector('[role=feed]')!;
    const deltas: number[] = [];
    let distance = 0;
    await new Promise<void>((resolve) => {
      let last = 0;
      let count = 0;
      const tick = (time: number) => {
        if (last) deltas.push(time - last);
        last = time;
        if (feed.scrollTop <= 0 || count >= frames * 2) return resolve();
        // What is left over the frames left: rows measured taller than estimated push the top away.
        const step = Math.ceil(feed.scrollTop / Math.max(1, frames - count++));
        distance += Math.min(step, feed.scrollTop);
        feed.scrollTop = Math.max(0, feed.scrollTop - step);
        page.requestAnimationFrame(tick);
      };
      page.requestAnimationFrame(tick);
    });
    return { deltas, distance };
  }, frames);
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The PWA's rows of the table; only the two rows of the open with `openOnly` (`npm run bench --
 * open`). With `BENCH_TRACE=<file>` set, one more open is traced (Chromium's trace events, as the
 * performance panel reads them) into that file.
 */
export async function pwaRows({ openOnly = false } = {}): Promise<string[]> {
  const host = await startHost([agent]);
  const browser = await launchChromium();
  try {
    const fillMs = await fillConversation(host, agent, turns);
    const count = turns * 2;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pairing = await context.newPage();
    await pair(pairing, host);
    await pairing.close();

    const [conversationMs, conversationBytes] = await timed(
      async () => JSON.stringify(await host.rpc('ChatService.Conversation', [agent])).length,
    );
    // Opened in turns, at full speed and with the CPU 4× slower (a tablet).
    const times: { shown: number; booted: number }[] = [];
    const slowTimes: { shown: number; booted: number }[] = [];
    let page: Page | undefined;
    for (let run = 0; run < opens; run++) {
      for (const slow of [false, true]) {
        await page?.close();
        page = await context.newPage();
        if (slow) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        (slow ? slowTimes : times).push(await openTime(page, host.base, count));
      }
    }
    await page?.close();
    page = await context.newPage();
    const trace = process.env.BENCH_TRACE;
    const profiler = trace ? await context.newCDPSession(page) : undefined;
    if (trace) {
      const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
      await browser.startTracing(page, { path: trace, screenshots: false, categories });
      await profiler!.send('Profiler.enable');
      await profiler!.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler!.send('Profiler.start');
    }
    await openTime(page, host.base, count);
    if (trace) {
      await browser.stopTracing();
      const { profile } = await profiler!.send('Profiler.stop');
      await writeFile(`${trace}.cpuprofile`, JSON.stringify(profile));
    }
    const medianOf = (runs: typeof times, key: 'shown' | 'booted') =>
      quantile(
        runs.map((time) => time[key]),
        0.5,
      );
    const [open, booted] = [medianOf(times, 'shown'), medianOf(times, 'booted')];
    const [slowOpen, slowBooted] = [medianOf(slowTimes, 'shown'), medianOf(slowTimes, 'booted')];
    const runsOf = (runs: typeof times) => runs.map((time) => time.shown.toFixed(0)).join(', ');
    const openRows = [
      `| open a conversation of ${count} messages (tool calls, diffs), median of ${opens} | ${ms(open)} | — | runs ${runsOf(times)} ms; app booted at ${ms(booted)}; \`Conversation()\` alone ${ms(conversationMs)} for ${(conversationBytes / 2 ** 20).toFixed(1)} MB (over HTTP, from Node); built in ${(fillMs / 1000).toFixed(1)} s | ≤ ${openTarget} ms ${mark(open <= openTarget)} |`,
      `| open it with the CPU 4× slower (a tablet), median of ${opens} | ${ms(slowOpen)} | — | runs ${runsOf(slowTimes)} ms; app booted at ${ms(slowBooted)} | ≤ ${throttledOpenTarget} ms ${mark(slowOpen <= throttledOpenTarget)} |`,
    ];
    if (openOnly) return openRows;

    const { deltas, distance } = await scrollFrames(page, 600);
    const median = quantile(deltas, 0.5);
    const p95 = quantile(deltas, 0.95);
    const slow = deltas.filter((delta) => delta > 1000 / 60 + 0.5).length / deltas.length;

    return [
      ...openRows,
      `| scroll it bottom to top (${(distance / 1000).toFixed(0)} k px in ${deltas.length} frames) | median ${ms(median)}, p95 ${ms(p95)} | — | ${(slow * 100).toFixed(1)} % of frames over 16.7 ms | 60 fps (median) ${mark(median <= 1000 / 60 + 0.5)} |`,
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}
