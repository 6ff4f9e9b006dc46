/**
 * Conversations that last (CONTRACT.md §6), as a model-based test: random sequences of send,
 * crash, stop, idle stop, restart and host restart, against a real supervisor, real workers,
 * real fake agents (that resume, load, or neither) and a real database. After each command the
 * transcript is exactly what was said, once, in order; the agent remembers the conversation
 * whenever it could continue its session, was asked `session/resume` or `session/load` of the
 * same session then, and `agent-restarted` appears exactly when it could not.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';
import { ConversationStore } from '../../../host/conversations/ConversationStore.ts';
import { ChatService } from '../../../host/services/ChatService.ts';
import { Supervisor } from '../../../host/Supervisor.ts';
import type { ChatMessage } from '../../../schema/conversation.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { fakeAgent, testTimings } from '../../helpers/agents.ts';
import { noConfigFile } from '../../helpers/supervisorHarness.ts';
import { script, textOf } from '../../helpers/chat.ts';

type Capability = 'resume' | 'load' | 'neither';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** What the host is made of, as `host/main.ts` puts it together, on a database in `folder`. */
function hostParts(folder: string, capability: Capability) {
  const events: HostEvent[] = [];
  const database = ConversationDatabase.open(join(folder, 'conversations.db'), { language: 'en' });
  const publish = (event: HostEvent) => events.push(event);
  const conversations = new ConversationStore({
    publish,
    database,
    config: () => join(folder, 'config.yaml'),
  });
  const flags = [`--sessions-dir=${join(folder, 'sessions')}`];
  if (capability !== 'neither') flags.push(`--${capability}`);
  const supervisor = new Supervisor({
    definitions: [fakeAgent('a', flags)],
    limits: { maxRunningAgents: 3, stopIdleAgentsAfterMs: 0 },
    language: 'en',
    emit: publish,
    conversations,
    timings: testTimings,
  });
  const chat = new ChatService(supervisor, conversations, () => 'en', noConfigFile);
  const state = () => supervisor.list()[0]?.state;
  return {
    supervisor,
    conversations,
    chat,
    state,
    async close() {
      await supervisor.close();
      conversations.close();
    },
  };
}

type Host = ReturnType<typeof hostParts>;

/** What the user should see, and what the agent should have been asked and should remember. */
interface Model {
  capability: Capability;
  transcript: string[];
  /** The prompts the agent's current session holds. */
  memory: string[];
  /** The kinds of session calls the agent got, in order. */
  calls: string[];
  hasSession: boolean;
  /** The agent's process ended since the session was opened. */
  lost: boolean;
}

interface Real {
  folder: string;
  host: Host;
}

const row = (message: ChatMessage) =>
  message.role === 'system' ? `system ${message.code}` : `${message.role} ${textOf(message)}`;

const until = (check: () => boolean) =>
  expect.poll(check, { timeout: 15_000, interval: 20 }).toBe(true);

async function answered(real: Real, id: string): Promise<ChatMessage> {
  const answer = () => {
    const messages = real.host.conversations.get('a').messages;
    const index = messages.findIndex((message) => message.id === id);
    return messages.slice(index + 1).find((message) => message.role === 'agent' && message.done);
  };
  await until(() => answer() !== undefined);
  await until(() => !real.host.conversations.get('a').busy);
  return answer()!;
}

/** The session the next turn opens, as the model expects it. */
function opensSession(model: Model): void {
  if (!model.hasSession) {
    model.calls.push('new');
    model.hasSession = true;
  } else if (model.lost) {
    if (model.capability === 'neither') {
      model.calls.push('new');
      model.memory = [];
      model.transcript.push('system agent-restarted');
    } else {
      model.calls.push(model.capability);
    }
  }
  model.lost = false;
}

class Send implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const prompt = script({ echoHistory: true });
    model.transcript.push(`user ${prompt}`);
    opensSession(model);
    const id = await real.host.chat.Send('a', prompt);
    const answer = await answered(real, id);
    model.transcript.push(`agent history: ${JSON.stringify(model.memory)}`);
    model.memory.push(prompt);
    expect(textOf(answer)).toBe(`history: ${JSON.stringify(model.memory.slice(0, -1))}`);
    checkInvariants(model, real);
  }
  toString = () => 'send';
}

class Crash implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const prompt = script({ text: 'partial' }, { exit: 3 });
    model.transcript.push(`user ${prompt}`);
    opensSession(model);
    const answer = await answered(real, await real.host.chat.Send('a', prompt));
    expect(answer.error).toMatch(/exit/);
    model.transcript.push('agent partial');
    model.memory.push(prompt);
    model.lost = true;
    await until(() => real.host.state() !== 'busy' && real.host.state() !== 'ready');
    checkInvariants(model, real);
  }
  toString = () => 'crash';
}

class Stop implements fc.AsyncCommand<Model, Real> {
  constructor(readonly how: 'stop' | 'idle stop' | 'restart') {}
  check = () => true;
  async run(model: Model, real: Real) {
    const running = real.host.state() === 'ready';
    if (this.how === 'restart') {
      await real.host.supervisor.restart('a');
      await until(() => real.host.state() === 'ready');
    } else if (running) {
      if (this.how === 'stop') await real.host.supervisor.stop('a');
      else void real.host.supervisor.workerFor('a').send('idleStop');
      await until(() => real.host.state() === 'stopped');
    }
    if (running || this.how === 'restart') model.lost ||= model.hasSession;
    checkInvariants(model, real);
  }
  toString = () => this.how;
}

class HostRestart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const wasRunning = real.host.state() === 'ready';
    await real.host.close();
    real.host = hostParts(real.folder, model.capability);
    if (wasRunning) model.lost ||= model.hasSession;
    checkInvariants(model, real);
  }
  toString = () => 'host restart';
}

/** After every command: the transcript, the session calls, and one id for every continuation. */
function checkInvariants(model: Model, real: Real) {
  expect(real.host.conversations.get('a').messages.map(row)).toEqual(model.transcript);
  const log = join(real.folder, 'sessions', 'calls.log');
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  expect(lines.map((line) => line.split(' ')[0])).toEqual(model.calls);
  let current: string | undefined;
  for (const [kind, id] of lines.map((line) => line.split(' '))) {
    if (kind === 'new') current = id;
    else expect(id).toBe(current);
  }
}

const commands = [
  fc.constant(new Send()),
  fc.constant(new Crash()),
  fc.constant(new Stop('stop')),
  fc.constant(new Stop('idle stop')),
  fc.constant(new Stop('restart')),
  fc.constant(new HostRestart()),
];

describe('conversations that last, under random stops and restarts', () => {
  it('keep their transcript, and the agent its session whenever it can', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Capability>('resume', 'load', 'neither'),
        fc.commands(commands, { maxCommands: 8 }),
        async (capability, cmds) => {
          const folder = mkdtempSync(join(tmpdir(), 'switchboard-model-'));
          folders.push(folder);
          const real: Real = { folder, host: hostParts(folder, capability) };
          const model: Model = {
            capability,
            transcript: [],
            memory: [],
            calls: [],
            hasSession: false,
            lost: false,
          };
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
          } finally {
            await real.host.close();
          }
        },
      ),
      { numRuns: 16 },
    );
  }, 240_000);
});
