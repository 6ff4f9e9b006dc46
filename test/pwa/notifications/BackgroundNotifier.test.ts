// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { HostStore } from '../../../pwa/src/connection/HostStore.ts';
import {
  BackgroundNotifier,
  requestSettleMs,
  type NotifierPage,
} from '../../../pwa/src/notifications/BackgroundNotifier.ts';
import type { SystemNotice } from '../../../pwa/src/notifications/systemNotification.ts';
import { agent } from '../agents/agentsFixtures.ts';
import { message, permission } from '../chat/fixtures.tsx';
import { mockHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

/**
 * Waits out the time in which a notice the test forbids would come: a request is told
 * `requestSettleMs` after it arrives, the rest at once. A wait for something not to happen.
 */
const quietFor = () => new Promise((resolve) => setTimeout(resolve, requestSettleMs + 200));

const running: HostStore[] = [];
afterEach(() => {
  for (const store of running.splice(0)) store.stop();
});

/** A page in the background (unless told), notifications on, and what it showed. */
function page(storage = new Map<string, string>()) {
  const shown: SystemNotice[] = [];
  const badges: number[] = [];
  const state = { background: true };
  const fake: NotifierPage = {
    background: () => state.background,
    allowed: () => true,
    show: (notice) => {
      shown.push(notice);
      return Promise.resolve();
    },
    badge: (count) => badges.push(count),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    language: () => 'en',
  };
  return { fake, shown, badges, state, storage };
}

async function online(fake: NotifierPage) {
  const store = new HostStore(new URL('http://localhost:3000/'));
  running.push(store);
  const stop = new BackgroundNotifier(store, fake).start();
  store.start();
  await expect.poll(() => store.getState().connection).toBe('online');
  return { store, stop };
}

const atlas = agent('atlas', { title: 'Atlas' });
const request = permission({ id: 'p1', agent: 'atlas' });

describe('system notifications while the app is in the background', () => {
  it('tells a request, an answer and a crash once each, naming the agent', async () => {
    const host = mockHost({ 'AgentService.List': () => [atlas] });
    const { fake, shown, badges } = page();
    await online(fake);
    host.emit({ name: 'permission:requested', data: request });
    host.emit({
      name: 'message:updated',
      data: { agent: 'atlas', message: message({ id: 'm1', agent: 'atlas', done: true }) },
    });
    host.emit({
      name: 'agent:state',
      data: { agent: 'atlas', state: 'error', error: 'exit code 3', outdated: false },
    });
    await expect.poll(() => shown.length).toBe(3);
    expect(shown.map(({ title, tag, url }) => ({ title, tag, url }))).toEqual([
      { title: 'Atlas has answered', tag: 'turn:m1', url: '#/chat/atlas' },
      { title: 'Atlas stopped with an error', tag: 'crash:atlas', url: '#/chat/atlas' },
      { title: 'Atlas asks for permission', tag: 'permission:p1', url: '#/chat/atlas' },
    ]);
    expect(shown[2]!.body).toBe('Run npm test');
    expect(shown[1]!.body).toBe('exit code 3');
    // The same events again, as a reconnection replays them: nothing more.
    host.emit({ name: 'permission:requested', data: request });
    host.emit({
      name: 'message:updated',
      data: { agent: 'atlas', message: message({ id: 'm1', agent: 'atlas', done: true }) },
    });
    await quietFor();
    expect(shown).toHaveLength(3);
    expect(badges.at(-1)).toBe(1);
    host.emit({ name: 'permission:resolved', data: { id: 'p1', agent: 'atlas' } });
    await expect.poll(() => badges.at(-1)).toBe(0);
  });

  it('says nothing of what was seen on screen, a cancelled answer, or a request a rule answered', async () => {
    const host = mockHost({ 'AgentService.List': () => [atlas] });
    const { fake, shown, state, storage } = page();
    await online(fake);
    state.background = false;
    host.emit({ name: 'permission:requested', data: request });
    // Seen on screen once the notifier has remembered it.
    await expect.poll(() => storage.get('switchboard.notices.seen')).toContain('permission:p1');
    state.background = true;
    // Seen while visible: not told once the page is hidden, even when replayed.
    host.emit({ name: 'permission:requested', data: request });
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'atlas',
        message: message({ id: 'm2', agent: 'atlas', done: true, stopReason: 'cancelled' }),
      },
    });
    host.emit({ name: 'permission:requested', data: { ...request, id: 'ruled' } });
    host.emit({ name: 'permission:resolved', data: { id: 'ruled', agent: 'atlas', rule: 0 } });
    await quietFor();
    expect(shown).toEqual([]);
  });

  it('remembers what it told across a reload of the page', async () => {
    const host = mockHost({ 'AgentService.List': () => [atlas] });
    const first = page();
    const { stop } = await online(first.fake);
    host.emit({ name: 'permission:requested', data: request });
    await expect.poll(() => first.shown.length).toBe(1);
    stop();
    const reloaded = page(first.storage);
    await online(reloaded.fake);
    host.emit({ name: 'permission:requested', data: request });
    host.emit({ name: 'permission:requested', data: { ...request, id: 'p2' } });
    await expect.poll(() => reloaded.shown.map((notice) => notice.tag)).toEqual(['permission:p2']);
  });
});
