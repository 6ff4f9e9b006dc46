/**
 * The conversation under races: fast-check's scheduler decides when the agent's replies
 * (`session/new`, the end of a prompt, a start) reach it, between the user's sends, cancels and
 * permission answers and the agent's updates (fast-check's guide, "Model based testing" and
 * `examples/005-race`). The model is a counter; the invariants are REFERENCE.md's.
 */
import type { RequestPermissionResponse, SessionNotification } from '@agentclientprotocol/sdk';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { applyConversationEvent, emptyConversation } from '../../machines/conversationFold.ts';
import type { ChatMessage, ConversationEvent, StopReason } from '../../schema/conversation.ts';
import { Conversation } from '../../workers/Conversation.ts';
import { ScriptedAgent } from './scriptedAgent.ts';
import { EventBatcher } from '../../workers/EventBatcher.ts';

interface Real {
  conversation: Conversation;
  agent: ScriptedAgent;
  /** The events as a client receives them: batched, merged. */
  received: ConversationEvent[];
  batcher: EventBatcher;
  permissions: Promise<RequestPermissionResponse>[];
}

interface Model {
  sent: number;
}

type ChatCommand = fc.AsyncCommand<Model, Real>;

const update = (r: Real, notification: SessionNotification['update']) => {
  const prompt = r.agent.inFlight();
  if (prompt) r.conversation.onUpdate({ sessionId: prompt.sessionId, update: notification });
};

const command = (name: string, run: (m: Model, r: Real) => void | Promise<void>): ChatCommand => ({
  check: () => true,
  run: async (m, r) => {
    await run(m, r);
    checkInvariants(r);
  },
  toString: () => name,
});

/** The user's commands, then the agent's, which take more steps to matter: twice as likely. */
const commands = [
  fc.constant(command('send', (m, r) => void r.conversation.send(`m${m.sent++}`))),
  fc.constant(
    command('cancel', (_, r) => {
      const queued = r.conversation.snapshot().messages.filter((message) => message.queued);
      r.conversation.cancel();
      // Cancel drops every message that was waiting.
      const after = r.conversation.snapshot().messages;
      for (const message of queued) {
        expect(after.find((candidate) => candidate.id === message.id)?.error).toBe('cancelled');
      }
    }),
  ),
  fc.constant(command('the next start fails', (_, r) => void (r.agent.failNextStart = true))),
  fc.constant(command('the agent wants a login', (_, r) => void (r.agent.loginNeeded = true))),
  // Not awaited: the agent's answer comes when the scheduler says, between later commands.
  fc.constant(command('the user logs in', (_, r) => void logIn(r))),
  ...[1, 2].flatMap(() => [
    fc
      .constantFrom('agent_message_chunk' as const, 'agent_thought_chunk' as const)
      .map((kind) =>
        command(kind, (_, r) =>
          update(r, { sessionUpdate: kind, content: { type: 'text', text: 'x' } }),
        ),
      ),
    fc
      .constantFrom('pending' as const, 'completed' as const)
      .map((status) =>
        command(`tool ${status}`, (_, r) =>
          update(r, { sessionUpdate: 'tool_call', toolCallId: 't', title: 'T', status }),
        ),
      ),
    fc.constant(
      command('permission asked', (_, r) => {
        const prompt = r.agent.inFlight();
        if (!prompt) return;
        r.permissions.push(
          r.conversation.requestPermission({
            sessionId: prompt.sessionId,
            toolCall: { toolCallId: 't' },
            options: [
              { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
              { optionId: 'no', name: 'Reject', kind: 'reject_once' },
            ],
          }),
        );
      }),
    ),
    fc.tuple(fc.nat(3), fc.constantFrom('yes', 'no')).map(([index, optionId]) =>
      command(`answer permission ${index} ${optionId}`, (_, r) => {
        const pending = r.conversation.snapshot().permissions;
        const request = pending[index % Math.max(1, pending.length)];
        if (request) expect(r.conversation.answerPermission(request.id, optionId).ok).toBe(true);
      }),
    ),
    fc
      .constantFrom<StopReason | 'error'>('end_turn', 'max_tokens', 'refusal', 'error')
      .map((outcome) =>
        command(`agent ends ${outcome}`, (_, r) =>
          r.agent.inFlight()?.end(outcome === 'error' ? new Error('overloaded') : outcome),
        ),
      ),
    fc.constant(
      command('agent crashes', (_, r) => {
        if (!r.agent.available) return;
        r.agent.available = false;
        r.agent.held = false; // a run that ends has no users left (the lifecycle's `resetRun`)
        r.conversation.agentGone('crashed');
        r.agent.inFlight()?.end(new Error('ACP connection closed'));
      }),
    ),
  ]),
];

/** `ChatService.Authenticate`, if a login is asked: the host starts the agent first if it went. */
async function logIn(r: Real): Promise<void> {
  if (!r.conversation.snapshot().auth) return;
  if (!r.agent.available) {
    r.agent.available = true;
    r.conversation.agentReady();
  }
  await r.conversation.login.authenticate('key');
}

/** What a client holds: the fold of what it received. */
const folded = (r: Real) => {
  r.batcher.flush();
  const conversation = r.received.reduce(applyConversationEvent, emptyConversation());
  return conversation;
};

/** User messages whose turn is not over: sent, neither dropped nor answered. */
const openTurns = (messages: ChatMessage[]) => {
  const users = messages.filter((message) => message.role === 'user' && !message.error).length;
  const ended = messages.filter(
    (message) => (message.role === 'agent' && message.done) || message.code === 'agent-unavailable',
  ).length;
  return users - ended;
};

function checkInvariants(r: Real): void {
  const snapshot = r.conversation.snapshot();
  // Conversation() is the fold of the events emitted so far.
  expect(folded(r)).toEqual(snapshot);
  // busy exactly while a turn is in progress; queued are the turns waiting behind it.
  const open = openTurns(snapshot.messages);
  expect(snapshot.busy).toBe(open > 0);
  expect(snapshot.queued).toBe(Math.max(0, open - 1));
  expect(snapshot.messages.filter((message) => message.queued)).toHaveLength(snapshot.queued);
  // No permission outlives its turn: each belongs to the answer still arriving.
  const arriving = snapshot.messages.filter((message) => message.role === 'agent' && !message.done);
  expect(arriving.length).toBeLessThanOrEqual(1);
  for (const request of snapshot.permissions) expect(request.messageId).toBe(arriving[0]?.id);
  // The agent is `busy` only for a turn, and not while the turn waits for a login.
  if (!snapshot.busy || snapshot.auth) expect(r.agent.held).toBe(false);
  // A login is asked only for a turn in progress.
  if (snapshot.auth) expect(snapshot.busy).toBe(true);
}

/** Lets every turn end: starts what waits, answers every prompt, lets every reply arrive. */
async function settle(s: fc.Scheduler, r: Real): Promise<void> {
  for (let round = 0; round < 100 && r.conversation.snapshot().busy; round++) {
    for (const request of r.conversation.snapshot().permissions) {
      r.conversation.answerPermission(request.id, 'yes');
    }
    r.agent.inFlight()?.end('end_turn');
    const loggingIn = logIn(r);
    await s.waitAll();
    await loggingIn;
  }
}

describe('a conversation under racing replies', () => {
  test.prop([fc.scheduler(), fc.commands(commands, { maxCommands: 60, size: 'medium' })], {
    numRuns: 200,
    timeout: 5000,
  })('keeps REFERENCE.md’s invariants', async (s, cmds) => {
    const received: ConversationEvent[] = [];
    const scheduled: (() => void)[] = [];
    const batcher = new EventBatcher(
      (events) => received.push(...events),
      (task) => scheduled.push(task),
    );
    const agent = new ScriptedAgent(s);
    let ids = 0;
    const real: Real = {
      agent,
      received,
      batcher,
      permissions: [],
      conversation: new Conversation({
        agent: 'a',
        link: agent,
        emit: (event) => batcher.push(event),
        newId: () => `id${++ids}`,
        now: () => new Date(0),
      }),
    };
    agent.conversation = real.conversation;
    await fc.scheduledModelRun(s, () => ({ model: { sent: 0 }, real }), cmds);
    await settle(s, real);
    checkInvariants(real);

    const { messages, busy, queued, permissions, auth } = real.conversation.snapshot();
    expect({ busy, queued, permissions, auth }).toEqual({
      busy: false,
      queued: 0,
      permissions: [],
      auth: null,
    });
    // Every agent message ends done, with a stop reason or an error, never both.
    for (const message of messages.filter((candidate) => candidate.role === 'agent')) {
      expect(message.done).toBe(true);
      expect((message.stopReason === undefined) !== (message.error === undefined)).toBe(true);
    }
    // Queued messages are answered in order, or dropped with `cancelled`.
    const users = messages.filter((message) => message.role === 'user');
    for (const user of users) expect([undefined, 'cancelled']).toContain(user.error);
    const kept = users.filter((user) => !user.error).map((user) => textOfUser(user));
    // A prompt refused until a login is sent again after it: the same turn, prompted once more.
    const prompted = [...new Set(agent.prompts.map((prompt) => prompt.text))];
    expect(isSubsequence(prompted, kept)).toBe(true);
    const unavailable = messages.filter((message) => message.code === 'agent-unavailable');
    expect(prompted.length + unavailable.length).toBe(kept.length);
    // Every permission request got its answer, the user's or `cancelled`.
    const unanswered = Symbol('unanswered');
    const answers = await Promise.all(
      real.permissions.map((answer) => Promise.race([answer, Promise.resolve(unanswered)])),
    );
    expect(answers).not.toContain(unanswered);
  });
});

const textOfUser = (message: ChatMessage) =>
  message.parts[0]?.kind === 'text' ? message.parts[0].text : '';

const isSubsequence = (items: string[], of: string[]) => {
  let at = 0;
  for (const item of of) if (items[at] === item) at++;
  return at === items.length;
};
