import { readFileSync } from 'node:fs';
import { it, expect } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

it('measures', async () => {
  const N = Number(process.env.N ?? 200000);
  const host = await start(configText({ flood: [`--stderr-lines=${N}`] }));
  const a = await host.connect();
  const b = await host.connect();
  console.log('baseline rss', rss(host.pid));
  let maxRss = 0;
  const timer = setInterval(() => (maxRss = Math.max(maxRss, rss(host.pid))), 50);
  const t0 = performance.now();
  await a.call('AgentService.Start', ['flood']);
  console.log('started', performance.now() - t0);
  await expect.poll(() => b.events.length, { timeout: 60000, interval: 20 }).toBeGreaterThanOrEqual(N + 2);
  console.log('received', performance.now() - t0, 'maxRss', maxRss, 'bytes', b.events.length);
  clearInterval(timer);
}, 120000);
