/**
 * The real `Supervisor` under random sequences of Start, Stop, Use, Release, Send, Cancel, what
 * agents do (a start that ends well or badly, a process that exits, a turn that ends, a worker
 * that dies) and time passing on a simulated clock. Its workers are faked through its
 * `createWorker` hook, and every call, reply and event between them goes through fast-check's
 * scheduler (`fc.scheduledModelRun`), so they race as they do between threads. At every step: never
 * more processes than the limit; an agent is launched only while something wants it started (a
 * pending `Start`, a turn waiting for it); a refusal names only `busy` agents, when every place is
 * theirs; an idle stop goes only to a `ready` agent unused for `stopIdleAgentsAfterMs`. In the end
 * every `Start` has its answer, and every agent left idle is stopped once that time has passed.
 */
import fc from 'fast-check';
import { SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../host/agentDefinition.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import { FakeWorker, holdsPlace, type FakeWorkerWorld } from './supervisor.fakeWorker.ts';

const names = ['a', 'b', 'c', 'd'];
const idleCheckIntervalMs = 100;

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

/** The model: what the test asked and was told, not how the supervisor decides. */
interface Model {
  /** `Start` calls not yet answered, per agent. */
  pending: Map<string, number>;
  /** `use` calls not yet released, per agent. */
  uses: Map<string, number>;
  /** When each agent was last used as the supervisor sees it (a use, a release, ready or busy). */
  usedAt: Map<string, number>;
  answers: { settled: boolean }[];
  broken: string[];
}

interface World {
  supervisor: Supervisor;
  workers: Map<string, FakeWorker>;
  clock: SimulatedClock;
  limit: number;
}

const count = (map: Map<string, number>, name: string, by: number) =>
  map.set(name, (map.get(name) ?? 0) + by);

/** The worker of `name` the supervisor has now (made if it has none). */
const fake = (world: World, name: string): FakeWorker => {
  void world.supervisor.workerFor(name);
  return world.workers.get(name)!;
};

/** The rules that hold at every step. */
function check(model: Model, world: World): void {
  expect(model.broken, 'what broke a rule').toEqual([]);
  const seen = world.supervisor.list().filter((agent) => holdsPlace(agent.state));
  expect(seen.length).toBeLessThanOrEqual(world.limit);
  const processes = [...world.workers.values()].filter((worker) => holdsPlace(worker.state));
  expect(processes.length).toBeLessThanOrEqual(world.limit);
}

/** A refusal at the limit: every place held by a `busy` agent, each named, as the host sees it. */
function checkRefusal(model: Model, world: World, message: string): void {
  const agents = world.supervisor.list();
  const busy = agents.filter((agent) => agent.state === 'busy').map((agent) => agent.name);
  const sentence = `too many agents running: ${busy.length} agent(s) busy (${busy.join(', ')}), the limit is ${world.limit}`;
  if (message !== sentence || busy.length !== world.limit) {
    model.broken.push(`refused with “${message}” while ${JSON.stringify(agents)}`);
  }
}

type Command = fc.AsyncCommand<Model, World>;

const step = (
  label: string,
  name: string,
  run: (model: Model, world: World, worker: FakeWorker) => unknown,
): Command => ({
  check: () => true,
  run: async (model, world) => {
    run(model, world, fake(world, name));
    await Promise.resolve();
    check(model, world);
  },
  toString: () => `${label}(${name})`,
});

const agentName = fc.constantFrom(...names);
const commands = [
  agentName.map((name) =>
    step('Start', name, (model, world) => {
      count(model.pending, name, 1);
      const answer = { settled: false };
      model.answers.push(answer);
      void world.supervisor
        .start(name)
        .catch((error: Error & { kind?: string }) => {
          if (error.kind === 'limit') checkRefusal(model, world, error.message);
        })
        .finally(() => {
          count(model.pending, name, -1);
          answer.settled = true;
        });
    }),
  ),
  agentName.map((name) => step('Stop', name, (_model, world) => world.supervisor.stop(name))),
  agentName.map((name) =>
    step('Use', name, (model, world, worker) => {
      // A conversation uses a running agent (`ChatService`), and releases it later.
      if (!worker.running || worker.state === 'starting') return;
      count(model.uses, name, 1);
      model.usedAt.set(name, world.clock.now());
      void world.supervisor.use(name);
    }),
  ),
  agentName.map((name) =>
    step('Release', name, (model, world) => {
      if ((model.uses.get(name) ?? 0) === 0) return;
      count(model.uses, name, -1);
      model.usedAt.set(name, world.clock.now());
      void world.supervisor.release(name);
    }),
  ),
  agentName.map((name) => step('Send', name, (_model, _world, worker) => worker.sendMessage())),
  agentName.map((name) =>
    step('Cancel', name, (_model, _world, worker) => worker.call((api) => api.cancel())),
  ),
  fc
    .tuple(agentName, fc.boolean())
    .map(([name, ok]) =>
      step(ok ? 'StartSucceeds' : 'StartFails', name, (_m, _w, worker) => worker.startEnds(ok)),
    ),
  agentName.map((name) => step('Exits', name, (_model, _world, worker) => worker.exits())),
  agentName.map((name) => step('TurnEnds', name, (_model, _world, worker) => worker.endTurn())),
  agentName.map((name) => step('WorkerDies', name, (_model, _world, worker) => worker.dies())),
  fc.constant(null).map((): Command => ({
    check: () => true,
    run: async (model, world) => {
      world.clock.increment(idleCheckIntervalMs);
      await Promise.resolve();
      check(model, world);
    },
    toString: () => 'Tick',
  })),
];

/** The real supervisor on fake workers and a simulated clock, and what the test knows of it. */
function open(scheduler: fc.Scheduler, limit: number, stopIdleAfterMs: number) {
  const clock = new SimulatedClock();
  const workers = new Map<string, FakeWorker>();
  const model: Model = {
    pending: new Map(),
    uses: new Map(),
    usedAt: new Map(),
    answers: [],
    broken: [],
  };
  const rules: FakeWorkerWorld = {
    scheduler,
    broken: (what) => model.broken.push(what),
    sent: (name, method) => {
      // Launched only while the host knows something wants it: a `Start`, a turn.
      const wanted =
        (model.pending.get(name) ?? 0) > 0 || workers.get(name)?.hostHeardWish === true;
      if (method === 'start' && !wanted) model.broken.push(`${name} launched unwanted`);
      if (method !== 'idleStop') return;
      const agent = supervisor.list().find((listed) => listed.name === name);
      const unusedFor = clock.now() - (model.usedAt.get(name) ?? 0);
      if (agent?.state !== 'ready' || unusedFor < stopIdleAfterMs || !stopIdleAfterMs) {
        model.broken.push(`${name} idle-stopped: ${agent?.state}, unused ${unusedFor} ms`);
      }
    },
    reported: (name, state) => {
      if (state === 'ready' || state === 'busy') model.usedAt.set(name, clock.now());
    },
  };
  const supervisor = new Supervisor({
    definitions: names.map(definition),
    limits: { maxRunningAgents: limit, stopIdleAgentsAfterMs: stopIdleAfterMs },
    language: 'en',
    emit: () => {},
    clock,
    timings: { idleCheckIntervalMs },
    createWorker: (init, _timings, callbacks) => {
      const worker = new FakeWorker(init.name, callbacks, rules);
      workers.set(init.name, worker);
      return worker;
    },
  });
  const world: World = { supervisor, workers, clock, limit };
  return { model, world };
}

/** Lets every agent finish what it does, and every conversation release it. */
async function settle(model: Model, world: World, scheduler: fc.Scheduler): Promise<void> {
  for (let round = 0; round < 10; round++) {
    for (const worker of world.workers.values()) {
      worker.startEnds(true);
      if (worker.stopping) worker.exits();
      worker.endTurn();
    }
    for (const [name, uses] of model.uses) {
      if (uses === 0) continue;
      for (let use = 0; use < uses; use++) void world.supervisor.release(name);
      model.uses.set(name, 0);
      model.usedAt.set(name, world.clock.now());
    }
    await scheduler.waitIdle();
    check(model, world);
  }
}

describe('the real supervisor, its workers racing it through the scheduler', () => {
  it('keeps the limits, launches only wanted agents, refuses only when every place is busy, stops idle agents, and answers every Start', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 300),
        fc.commands(commands, { maxCommands: 40 }),
        async (scheduler, limit, stopIdleAfterMs, cmds) => {
          const { model, world } = open(scheduler, limit, stopIdleAfterMs);
          try {
            await fc.scheduledModelRun(scheduler, () => ({ model, real: world }), cmds);
            await settle(model, world, scheduler);
            expect(model.answers.filter((answer) => !answer.settled)).toEqual([]);
            // Left alone past `stopIdleAgentsAfterMs`, every idle agent stops (none if 0).
            for (let tick = 0; tick * idleCheckIntervalMs <= stopIdleAfterMs + 100; tick++) {
              world.clock.increment(idleCheckIntervalMs);
              await settle(model, world, scheduler);
            }
            const left = world.supervisor.list().filter((agent) => agent.state === 'ready');
            if (stopIdleAfterMs > 0) expect(left).toEqual([]);
          } finally {
            void world.supervisor.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
