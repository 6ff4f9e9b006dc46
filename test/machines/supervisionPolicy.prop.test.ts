import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  admit,
  holdsPlace,
  idleAgents,
  type Admission,
  type SupervisedAgent,
} from '../../machines/supervisionPolicy.ts';
import type { AgentState } from '../../schema/agents.ts';

interface Setup {
  count: number;
  limit: number;
  /** `limits.stopIdleAgentsAfter`, in ms; 0 means never. */
  stopIdleAfter: number;
}

/** One agent as REFERENCE.md sees it: its state, whether it is on its way out, when last used. */
interface ModelAgent {
  phase: AgentState;
  stopping: boolean;
  lastUsedAt: number;
}

interface Model extends Setup {
  now: number;
  agents: ModelAgent[];
}

/** What the supervisor holds and hands to the policy. */
interface Real {
  agents: SupervisedAgent[];
}

const nameOf = (index: number) => `agent${index}`;
const running = (agent: ModelAgent) =>
  agent.phase === 'starting' || agent.phase === 'ready' || agent.phase === 'busy';
const evictable = (agent: ModelAgent) => agent.phase === 'ready' && !agent.stopping;
const holders = (m: Model) => m.agents.filter(running);

/**
 * REFERENCE.md: under the limit start; else evict the LRU idle agent; else wait for one on its way
 * out or for a start in flight; else (every place `busy`) refuse.
 */
const expectedKind = (m: Model): Admission['kind'] => {
  if (holders(m).length < m.limit) return 'admit';
  if (m.agents.some(evictable)) return 'evict';
  if (holders(m).some((agent) => agent.stopping || agent.phase === 'starting')) return 'wait';
  return 'refuse';
};

const check = (m: Model, r: Real) => {
  expect(r.agents.filter(holdsPlace).length).toBeLessThanOrEqual(m.limit);
  expect(r.agents).toEqual(
    m.agents.map((agent, index) => ({
      name: nameOf(index),
      state: agent.phase,
      stopping: agent.stopping,
      lastUsedAt: agent.lastUsedAt,
    })),
  );
};

/** Applies the same change to the model's agent and the supervisor's. */
const update = (m: Model, r: Real, index: number, change: Partial<ModelAgent>) => {
  Object.assign(m.agents[index]!, change);
  const { phase, ...rest } = change;
  Object.assign(r.agents[index]!, rest, phase ? { state: phase } : {});
};

type Cmd = fc.Command<Model, Real>;

const command = (
  name: () => string,
  run: (m: Model, r: Real) => void,
  applies: (m: Readonly<Model>) => boolean = () => true,
): Cmd => ({
  check: applies,
  run: (m, r) => {
    run(m, r);
    check(m, r);
  },
  toString: name,
});

/**
 * A command on one agent: the `pick`-th (modulo) of those it applies to, so that it seldom
 * misses. Its name shows the agent it was run on.
 */
const onAgent = (
  label: string,
  pick: number,
  applies: (agent: ModelAgent) => boolean,
  run: (m: Model, r: Real, index: number) => void,
): Cmd => {
  let name = `${label}(#${pick})`;
  return command(
    () => name,
    (m, r) => {
      const candidates = m.agents.flatMap((agent, index) => (applies(agent) ? [index] : []));
      const index = candidates[pick % candidates.length]!;
      name = `${label}(${nameOf(index)})`;
      run(m, r, index);
    },
    (m) => m.agents.some(applies),
  );
};

/**
 * A start request, decided the way the supervisor does: ask, evict or wait, ask again. While it
 * waits, the agents on their way out stop, and the starts in flight end (`startsFail`: in error).
 */
const requestStart = (pick: number, anyAgent: boolean, startsFail: boolean) =>
  onAgent(
    `requestStart[${startsFail ? 'startsFail' : 'startsSucceed'}]`,
    pick,
    anyAgent ? () => true : (agent) => !running(agent),
    (m, r, index) => {
      if (running(m.agents[index]!)) return;
      const before = structuredClone(r.agents);
      for (let asked = 0; ; asked++) {
        expect(asked).toBeLessThanOrEqual(2 * m.agents.length);
        const decision = admit(r.agents, m.limit);
        expect(decision.kind).toBe(expectedKind(m));
        if (decision.kind === 'admit') {
          update(m, r, index, { phase: 'starting', stopping: false });
          return;
        }
        if (decision.kind === 'evict') {
          // The least recently used idle agent: nobody evictable was used before it.
          const victim = r.agents.findIndex((agent) => agent.name === decision.agent);
          const oldest = Math.min(...m.agents.filter(evictable).map((a) => a.lastUsedAt));
          expect(evictable(m.agents[victim]!)).toBe(true);
          expect(m.agents[victim]!.lastUsedAt).toBe(oldest);
          update(m, r, victim, { phase: 'stopped', stopping: false });
        } else if (decision.kind === 'wait') {
          m.agents.forEach((agent, other) => {
            if (running(agent) && agent.stopping) {
              update(m, r, other, { phase: 'stopped', stopping: false });
            } else if (agent.phase === 'starting') {
              const ended = startsFail ? { phase: 'error' as const } : { phase: 'ready' as const };
              update(m, r, other, { ...ended, lastUsedAt: m.now });
            }
          });
        } else {
          // Refused only when every place is held by a busy agent, none on its way out; nothing
          // changed since the last wait.
          expect(decision.limit).toBe(m.limit);
          const expected = m.agents.flatMap((agent, i) => (running(agent) ? [nameOf(i)] : []));
          expect([...decision.busy].sort()).toEqual(expected.sort());
          for (const holder of decision.busy) {
            const agent = r.agents.find((a) => a.name === holder)!;
            expect(agent.state).toBe('busy');
            expect(agent.stopping).toBe(false);
          }
          if (asked === 0) expect(r.agents).toEqual(before);
          return;
        }
      }
    },
  );

const finishStart = (pick: number) =>
  onAgent(
    'ready',
    pick,
    (agent) => agent.phase === 'starting' && !agent.stopping,
    (m, r, index) => update(m, r, index, { phase: 'ready', lastUsedAt: m.now }),
  );

const use = (pick: number) =>
  onAgent(
    'use',
    pick,
    (agent) => (agent.phase === 'ready' || agent.phase === 'busy') && !agent.stopping,
    (m, r, index) => update(m, r, index, { phase: 'busy', lastUsedAt: m.now }),
  );

const release = (pick: number) =>
  onAgent(
    'lastUserDone',
    pick,
    (agent) => agent.phase === 'busy' && !agent.stopping,
    (m, r, index) => update(m, r, index, { phase: 'ready', lastUsedAt: m.now }),
  );

const requestStop = (pick: number) =>
  onAgent(
    'stop',
    pick,
    (agent) => running(agent) && !agent.stopping,
    (m, r, index) => update(m, r, index, { stopping: true }),
  );

const exits = (pick: number, crashed: boolean) =>
  onAgent(crashed ? 'crashes' : 'exits', pick, running, (m, r, index) => {
    const phase = crashed && !m.agents[index]!.stopping ? 'error' : 'stopped';
    update(m, r, index, { phase, stopping: false });
  });

const timePasses = (ms: number) =>
  command(
    () => `timePasses(${ms})`,
    (m) => {
      m.now += ms;
    },
  );

/** Time moves to just before, at, or just after an idle agent has been unused for the delay. */
const timeReachesIdleDelay = (pick: number, offset: -1 | 0 | 1) =>
  onAgent(`timeReachesIdleDelay[${offset}]`, pick, evictable, (m, _, index) => {
    m.now = Math.max(m.now, m.agents[index]!.lastUsedAt + m.stopIdleAfter + offset);
  });

/** The idle check every 30 s: exactly the idle agents unused for the delay are stopped. */
const idleCheck = command(
  () => 'idleCheck',
  (m, r) => {
    const idle = idleAgents(r.agents, m.now, m.stopIdleAfter);
    const expected = m.agents.flatMap((agent, index) =>
      m.stopIdleAfter > 0 && evictable(agent) && m.now - agent.lastUsedAt >= m.stopIdleAfter
        ? [nameOf(index)]
        : [],
    );
    expect(idle).toEqual(expected);
    for (const name of idle) {
      const index = r.agents.findIndex((agent) => agent.name === name);
      expect(m.agents[index]!.phase).toBe('ready');
      update(m, r, index, { stopping: true });
    }
  },
);

// Mostly fewer places than agents: a limit nobody reaches tests nothing.
const setup: fc.Arbitrary<Setup> = fc.integer({ min: 2, max: 5 }).chain((agents) =>
  fc.record({
    count: fc.constant(agents),
    limit: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: Math.min(4, agents - 1) }), weight: 4 },
      { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 },
    ),
    stopIdleAfter: fc.oneof(fc.constant(0), fc.constantFrom(1, 60_000), fc.nat(120_000)),
  }),
);

const commandsFor = ({ count }: Setup) => {
  const pick = fc.nat(count - 1);
  const stepOrLoop = fc.oneof(fc.nat(60_000), fc.constantFrom(1, 30_000));
  return fc.commands(
    [
      fc.tuple(pick, fc.boolean()).map(([p, fail]) => requestStart(p, true, fail)),
      fc.tuple(pick, fc.boolean()).map(([p, fail]) => requestStart(p, false, fail)),
      fc.tuple(pick, fc.boolean()).map(([p, fail]) => requestStart(p, false, fail)),
      pick.map(finishStart),
      pick.map(use),
      pick.map(release),
      pick.map(requestStop),
      fc.tuple(pick, fc.boolean()).map(([p, crashed]) => exits(p, crashed)),
      stepOrLoop.map(timePasses),
      stepOrLoop.map(timePasses),
      fc
        .tuple(pick, fc.constantFrom(-1, 0, 1 as const))
        .map(([p, offset]) => timeReachesIdleDelay(p, offset)),
      fc.constant(idleCheck),
    ],
    { maxCommands: 60, size: 'medium' },
  );
};

describe('the supervision policy, with N agents and a limit', () => {
  test.prop([setup.chain((s) => fc.tuple(fc.constant(s), commandsFor(s)))], { numRuns: 200 })(
    'never runs more than the limit, evicts the least recently used idle agent, stops idle ones',
    ([s, cmds]) => {
      fc.modelRun(() => {
        const model: Model = {
          ...s,
          now: 0,
          agents: Array.from({ length: s.count }, () => ({
            phase: 'stopped',
            stopping: false,
            lastUsedAt: 0,
          })),
        };
        const real: Real = {
          agents: model.agents.map((agent, index) => ({
            name: nameOf(index),
            state: agent.phase,
            stopping: false,
            lastUsedAt: 0,
          })),
        };
        return { model, real };
      }, cmds);
    },
  );
});
