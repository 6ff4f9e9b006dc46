/**
 * The real `Supervisor` under random sequences of Start, Send, Cancel, Stop and what agents do
 * (a start that ends well or badly, a process that exits, a turn that ends), its workers faked
 * through its `createWorker` hook so that each reply comes when a command says. At every step:
 * never more processes than the limit; an agent is launched only while something wants it
 * started (a pending `Start`, a turn waiting for it); a refusal names only `busy` agents and
 * happens only when no idle agent can be evicted and no start is in flight; and in the end every
 * `Start` has its answer.
 */
import fc from 'fast-check';
import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import type { AgentWorker, AgentWorkerCallbacks } from '../../host/AgentWorkerHandle.ts';
import type { AgentDefinition } from '../../host/agentDefinition.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import type { AgentState } from '../../schema/agents.ts';
import type { AgentWorkerApi, AgentWorkerEvent } from '../../schema/worker.ts';

const names = ['a', 'b', 'c', 'd', 'e'];
const definition = (name: string): AgentDefinition => ({
  name,
  title: name,
  icon: '',
  description: '',
  command: 'fake',
  args: [],
  env: {},
  cwd: '/',
  policy: { budget: null, permissions: [] },
});

const holdsPlace = (state: AgentState) =>
  state === 'starting' || state === 'ready' || state === 'busy';

/** What happened that breaks a rule, said when it happens. */
const broken: string[] = [];

/**
 * An agent's worker as the supervisor sees it: its lifecycle reduced to the table's states, a
 * conversation reduced to one turn that may wait for the agent. Nothing happens by itself.
 */
class FakeWorker implements AgentWorker {
  state: AgentState = 'stopped';
  stopping = false;
  /** A stop asked while starting: it stops once the start ends. */
  stopWhenStarted = false;
  /** A turn that asked for the agent and waits for it. */
  turnWaits = false;
  /** A turn running on the agent (it is `busy`). */
  turnRuns = false;

  constructor(
    readonly name: string,
    private readonly callbacks: AgentWorkerCallbacks,
    private readonly wanted: () => boolean,
  ) {}

  #emit(change: Partial<Pick<FakeWorker, 'state' | 'stopping'>>): void {
    Object.assign(this, change);
    const event: AgentWorkerEvent = {
      type: 'state',
      state: this.state,
      stopping: this.stopping,
      outdated: false,
      failure: this.state === 'error' ? { kind: 'crashed', code: 1, signal: null } : null,
      exit: null,
    };
    this.callbacks.event(event);
  }

  readonly #api = {
    start: () => {
      if (!this.wanted()) broken.push(`${this.name} launched while nobody wanted it`);
      this.#emit({ state: 'starting', stopping: false });
    },
    stop: () => this.#stop(),
    idleStop: () => this.#stop(),
    evict: () => {
      if (this.state === 'ready') this.#stop();
    },
    use: () => {
      if (this.state === 'ready' && !this.stopping) this.#emit({ state: 'busy' });
    },
    release: () => {
      if (this.state === 'busy' && !this.stopping) this.#emit({ state: 'ready' });
    },
    definitionChanged: () => {},
    setLanguage: () => {},
    setPolicy: () => {},
    inspect: () => {},
    cancel: () => {
      const waited = this.turnWaits;
      this.turnWaits = false;
      if (this.turnRuns) this.endTurn();
      if (waited) this.callbacks.event({ type: 'agentNotWanted' });
    },
    agentUnavailable: (reason: string) => {
      if (!this.turnWaits) broken.push(`${this.name}: agentUnavailable with no turn waiting`);
      this.turnWaits = false;
      refusals.push({ agent: this.name, message: reason });
    },
  };

  #stop(): void {
    if (this.state === 'starting') this.stopWhenStarted = true;
    else if (holdsPlace(this.state)) this.#emit({ stopping: true });
  }

  send(command: 'stop' | 'idleStop' | 'evict' | 'use' | 'release' | 'definitionChanged') {
    this.#api[command]();
    return Promise.resolve();
  }

  call<T>(request: (api: Remote<AgentWorkerApi>) => Promise<T>): Promise<T | undefined> {
    return request(this.#api as unknown as Remote<AgentWorkerApi>);
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }

  killGroup(): void {}
  terminate(): Promise<void> {
    return Promise.resolve();
  }

  /** ChatService.Send: a turn that needs the agent, which asks for a start unless it runs. */
  sendMessage(): void {
    if (this.turnWaits || this.turnRuns) return;
    if ((this.state === 'ready' || this.state === 'busy') && !this.stopping) return this.#run();
    this.turnWaits = true;
    this.callbacks.event({ type: 'wantsAgent' });
  }

  #run(): void {
    this.turnWaits = false;
    this.turnRuns = true;
    this.#emit({ state: 'busy' });
  }

  endTurn(): void {
    this.turnRuns = false;
    if (this.state === 'busy' && !this.stopping) this.#emit({ state: 'ready' });
  }

  /** The handshake ends: ready (a waiting turn begins at once), or failed. */
  startEnds(ok: boolean): void {
    if (this.stopWhenStarted) {
      this.stopWhenStarted = false;
      return this.#emit({ stopping: true });
    }
    // A failed start: the supervisor tells the waiting turn (`agentUnavailable`).
    if (!ok) return this.#emit({ state: 'error' });
    this.#emit({ state: 'ready' });
    if (this.turnWaits) this.#run();
  }

  /** The process is gone: stopped if it was asked to stop, else a crash. */
  exits(): void {
    this.turnRuns = false;
    this.#emit({ state: this.stopping ? 'stopped' : 'error', stopping: false });
  }
}

/** Refusals seen by a conversation (`agentUnavailable`) or a `Start` (`limit`). */
let refusals: { agent: string; message: string }[] = [];

interface World {
  supervisor: Supervisor;
  workers: Map<string, FakeWorker>;
  /** Start calls not yet answered, per agent. */
  pending: Map<string, number>;
  answers: Promise<unknown>[];
  limit: number;
}

const flush = async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
};

const worker = (world: World, name: string) => {
  void world.supervisor.workerFor(name);
  return world.workers.get(name)!;
};

/** The rules of the header, checked after every step. */
function check(world: World): void {
  const states = world.supervisor.list();
  expect(states.filter((agent) => holdsPlace(agent.state)).length).toBeLessThanOrEqual(world.limit);
  expect(broken, 'what broke a rule').toEqual([]);
  for (const { message } of refusals.splice(0)) {
    const busy = states.filter((agent) => agent.state === 'busy').map((agent) => agent.name);
    const limitSentence = `too many agents running: ${busy.length} agent(s) busy (${busy.join(', ')}), the limit is ${world.limit}`;
    if (!message.startsWith('too many')) continue;
    expect(message).toBe(limitSentence);
    expect(busy).toHaveLength(world.limit);
    expect(states.filter((agent) => agent.state === 'starting' || agent.state === 'ready')).toEqual(
      [],
    );
    for (const name of busy) expect(world.workers.get(name)?.stopping).toBe(false);
  }
}

type Command = fc.AsyncCommand<object, World>;

const step = (
  label: string,
  name: string,
  run: (world: World, fake: FakeWorker) => unknown,
): Command => ({
  check: () => true,
  run: async (_model, world) => {
    run(world, worker(world, name));
    await flush();
    check(world);
  },
  toString: () => `${label}(${name})`,
});

const agentName = fc.constantFrom(...names);
const commands = [
  agentName.map((name) =>
    step('Start', name, (world) => {
      world.pending.set(name, (world.pending.get(name) ?? 0) + 1);
      const answer = world.supervisor.start(name).then(
        () => {},
        (error: Error & { kind?: string }) => {
          if (error.kind === 'limit') refusals.push({ agent: name, message: error.message });
        },
      );
      world.answers.push(
        answer.finally(() => world.pending.set(name, world.pending.get(name)! - 1)),
      );
    }),
  ),
  agentName.map((name) => step('Send', name, (_world, fake) => fake.sendMessage())),
  agentName.map((name) => step('Cancel', name, (_world, fake) => fake.call((api) => api.cancel()))),
  agentName.map((name) =>
    step('Stop', name, (world) => world.answers.push(world.supervisor.stop(name))),
  ),
  fc.tuple(agentName, fc.boolean()).map(([name, ok]) =>
    step(ok ? 'StartSucceeds' : 'StartFails', name, (_world, fake) => {
      if (fake.state === 'starting' && !fake.stopping) fake.startEnds(ok);
    }),
  ),
  agentName.map((name) =>
    step('Exits', name, (_world, fake) => {
      if (holdsPlace(fake.state) && (fake.stopping || fake.state !== 'starting')) fake.exits();
    }),
  ),
  agentName.map((name) =>
    step('TurnEnds', name, (_world, fake) => fake.turnRuns && fake.endTurn()),
  ),
];

/** Lets every agent finish what it is doing, so that every Start must have its answer. */
async function settle(world: World): Promise<void> {
  for (let round = 0; round < 20; round++) {
    for (const fake of world.workers.values()) {
      if (fake.state === 'starting' && !fake.stopping) fake.startEnds(true);
      else if (fake.stopping) fake.exits();
      if (fake.turnRuns) fake.endTurn();
    }
    await flush();
    check(world);
  }
  const answered = Promise.all(world.answers).then(() => 'answered');
  const late = new Promise((resolve) => setTimeout(() => resolve('hangs'), 1000));
  expect(await Promise.race([answered, late])).toBe('answered');
}

describe('starts that wait, in the real supervisor', () => {
  it('launches only wanted agents, refuses only when every place is busy, and answers every Start', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.commands(commands, { maxCommands: 40 }),
        async (limit, cmds) => {
          broken.length = 0;
          refusals = [];
          const workers = new Map<string, FakeWorker>();
          const pending = new Map<string, number>();
          const supervisor: Supervisor = new Supervisor({
            definitions: names.map(definition),
            limits: { maxRunningAgents: limit, stopIdleAgentsAfterMs: 0 },
            language: 'en',
            emit: () => {},
            createWorker: (init, _timings, callbacks) => {
              const fake: FakeWorker = new FakeWorker(
                init.name,
                callbacks,
                (): boolean => (pending.get(init.name) ?? 0) > 0 || fake.turnWaits,
              );
              workers.set(init.name, fake);
              return fake;
            },
          });
          const world: World = { supervisor, workers, pending, answers: [], limit };
          try {
            await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds);
            await settle(world);
          } finally {
            void supervisor.close();
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
