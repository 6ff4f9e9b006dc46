import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationStore } from '../../host/conversations/ConversationStore.ts';
import { ChatService } from '../../host/services/ChatService.ts';
import { LoginTerminals } from '../../host/services/LoginTerminals.ts';
import { SpareWorker } from '../../host/SpareWorker.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import type { HostEvent } from '../../schema/events.ts';
import { fakeAgent, testTimings } from '../helpers/agents.ts';
import { script } from '../helpers/chat.ts';
import { noConfigFile } from '../helpers/supervisorHarness.ts';

/** A thread that loads at once when `load()` is called, and dies when `die()` is. */
class FakeThread extends EventEmitter {
  terminated = false;
  load() {
    this.emit('message', 'loaded');
  }
  die() {
    this.emit('exit', 1);
  }
  terminate() {
    this.terminated = true;
    this.die();
    return Promise.resolve(0);
  }
}

describe('the spare agent worker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the first agent started after it loaded, in French, and answers its calls', async () => {
    const events: HostEvent[] = [];
    const conversations = new ConversationStore({
      publish: (event) => events.push(event),
      config: () => '/spare/config.yaml',
    });
    const supervisor = new Supervisor({
      definitions: [fakeAgent('a', ['--session'])],
      limits: { maxRunningAgents: 2, stopIdleAgentsAfterMs: 0 },
      language: 'fr',
      emit: (event) => events.push(event),
      conversations,
      timings: testTimings,
      spareWorker: true,
    });
    const take = vi.spyOn(SpareWorker.prototype, 'take');
    const logins = new LoginTerminals();
    const chat = new ChatService(
      supervisor,
      conversations,
      () => 'fr',
      noConfigFile,
      undefined,
      logins,
    );
    try {
      await supervisor.warm();
      await chat.Send('a', script({ text: 'from the spare' }));
      // The first worker made is the spare's thread, adopted.
      expect(take.mock.results[0]?.value).toBeInstanceOf(Worker);
      await expect.poll(() => chat.Conversation('a').messages[1]?.stopReason).toBe('end_turn');
      expect(chat.Conversation('a').messages[1]?.parts).toEqual([
        { kind: 'text', text: 'from the spare' },
      ]);
      // The worker has the agent's name and the configuration's language.
      await chat.Send('a', script({ sleep: 5000 }));
      await expect.poll(() => supervisor.list()[0]?.state).toBe('busy');
      await supervisor.stop('a');
      await expect
        .poll(() => chat.Conversation('a').messages[3]?.error)
        .toBe('l’agent a été arrêté avant d’avoir fini de répondre');
    } finally {
      await supervisor.close();
      logins.killAll();
    }
  });

  it('is made a moment after, not while agents start, and once taken another is made', async () => {
    vi.useFakeTimers();
    const threads: FakeThread[] = [];
    let starting = true;
    const spare = new SpareWorker(
      () => starting,
      () => {
        threads.push(new FakeThread());
        return threads.at(-1) as unknown as Worker;
      },
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(threads).toHaveLength(0);
    starting = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(threads).toHaveLength(1);

    // Not loaded yet: a start makes its own worker.
    expect(spare.take()).toBeUndefined();
    threads[0]!.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(spare.take()).toBe(threads[0]);
    expect(spare.take()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(threads).toHaveLength(2);

    // One that dies is replaced; close ends the spare and makes no other.
    threads[1]!.die();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(threads).toHaveLength(3);
    await spare.close();
    expect(threads[2]!.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(threads).toHaveLength(3);
  });

  it('says so when the spare dies before it loaded', async () => {
    const threads: FakeThread[] = [];
    const spare = new SpareWorker(
      () => false,
      () => {
        threads.push(new FakeThread());
        return threads.at(-1) as unknown as Worker;
      },
    );
    const warm = spare.warm();
    threads[0]!.die();
    await expect(warm).rejects.toThrow('the spare agent worker did not load');
    await spare.close();
  });
});
