import { afterEach, onTestFinished } from 'vitest';
import { AgentWorkerHandle } from '../../host/AgentWorkerHandle.ts';
import { ConversationStore } from '../../host/conversations/ConversationStore.ts';
import { ChatService, type ConfigWriter } from '../../host/services/ChatService.ts';
import { LoginTerminals } from '../../host/services/LoginTerminals.ts';
import type { AgentDefinition, Limits } from '../../host/agentDefinition.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import type { Clock } from '../../host/Clock.ts';
import type { Language } from '../../host/i18n.ts';
import type { AgentState } from '../../schema/agents.ts';
import type { HostEvent } from '../../schema/events.ts';
import { testTimings } from './agents.ts';

/** A real supervisor (real workers, real processes) and what it emitted. */
/** A host with no configuration file: a login's variables and rules have nowhere to go. */
export const noConfigFile: ConfigWriter = {
  setAgentEnv: () => Promise.reject(new Error('no configuration file in this test')),
  addPermissionRule: () => Promise.reject(new Error('no configuration file in this test')),
};

export interface Harness {
  supervisor: Supervisor;
  /** The host's copy of the conversations, and the service on it. */
  conversations: ConversationStore;
  chat: ChatService;
  events: HostEvent[];
  /** The worker threads made so far, per agent, newest last. */
  workers: Map<string, AgentWorkerHandle[]>;
  /** The states an agent went through, from its `agent:state` events. */
  states: (name: string) => AgentState[];
  state: (name: string) => AgentState | undefined;
  /** Resolves when `name` reaches `state` (through the events). */
  reaches: (name: string, state: AgentState) => Promise<void>;
  /** A pid the agent printed on stderr as `<label> pid N`. */
  printedPid: (name: string, label: 'agent' | 'child') => number | undefined;
  close: () => Promise<void>;
}

export function supervisorHarness(
  definitions: AgentDefinition[],
  limits: Partial<Limits> = {},
  language: Language = 'en',
  /** The supervisor's clock (idle stop), a simulated one; the wall clock without it. */
  clock?: Clock,
): Harness {
  const events: HostEvent[] = [];
  const listeners = new Set<() => void>();
  const workers = new Map<string, AgentWorkerHandle[]>();
  const logins = new LoginTerminals();
  onTestFinished(() => logins.killAll());
  const publish = (event: HostEvent) => {
    logins.observe(event);
    events.push(event);
    for (const listener of [...listeners]) listener();
  };
  const conversations = new ConversationStore({ publish, config: () => '/harness/config.yaml' });
  const supervisor = new Supervisor({
    definitions,
    limits: { maxRunningAgents: 3, stopIdleAgentsAfterMs: 0, ...limits },
    language,
    emit: publish,
    conversations,
    timings: testTimings,
    ...(clock ? { clock } : {}),
    createWorker: (init, timings, callbacks) => {
      const worker = new AgentWorkerHandle(init, timings, callbacks);
      workers.set(init.name, [...(workers.get(init.name) ?? []), worker]);
      return worker;
    },
  });
  const states = (name: string) =>
    events.flatMap((event) =>
      event.name === 'agent:state' && event.data.agent === name ? [event.data.state] : [],
    );
  return {
    supervisor,
    conversations,
    chat: new ChatService(
      supervisor,
      conversations,
      () => language,
      noConfigFile,
      undefined,
      logins,
    ),
    events,
    workers,
    states,
    state: (name) => supervisor.list().find((agent) => agent.name === name)?.state,
    reaches: (name, state) =>
      new Promise((resolve) => {
        const check = () => {
          if (states(name).at(-1) !== state) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      }),
    printedPid: (name, label) => {
      const line = supervisor.logs(name).find((text) => text.startsWith(`${label} pid `));
      return line ? Number(line.slice(`${label} pid `.length)) : undefined;
    },
    close: async () => {
      supervisor.killAll();
      await supervisor.close();
    },
  };
}

/**
 * For a test file: `open(...)` makes a harness, closed after its test; a failed test prints the
 * states its agents went through.
 */
export function harnessPerTest(): (...args: Parameters<typeof supervisorHarness>) => Harness {
  let harness: Harness | undefined;
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && harness) {
      console.error(harness.events.filter((event) => event.name === 'agent:state'));
      console.error(harness.supervisor.list());
    }
    await harness?.close();
    harness = undefined;
  });
  return (...args) => (harness = supervisorHarness(...args));
}
