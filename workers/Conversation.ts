import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
} from '@agentclientprotocol/sdk';
import { createActor, type Actor } from 'xstate';
import { atRest, emptyConversation, hadAnswers } from '../machines/conversationFold.ts';
import { turnMachine } from '../machines/turnMachine.ts';
import type {
  Conversation as ConversationView,
  ConversationEvent,
  TerminalView,
} from '../schema/conversation.ts';
import { AcpSession } from './AcpSession.ts';
import type { ConversationOptions } from './conversationOptions.ts';
import { PendingElicitations } from './PendingElicitations.ts';
import { cancelledPermission, PendingPermissions } from './PendingPermissions.ts';
import { messageAttachments } from './promptBlocks.ts';
import type { PromptAttachment } from '../schema/worker.ts';
import { failed, ok, type Result } from '../schema/result.ts';
import { sayIn } from '../locales/translate.ts';
import { SessionChoices } from './SessionChoices.ts';
import { Transcript } from './Transcript.ts';
import { errorText } from './errorText.ts';
import { Login } from './Login.ts';
import { isLoginRequired, LoginRequired } from './loginRequired.ts';

/** Updates kept while a session is being opened (`#early`): an announcement or two. */
const maxEarlyUpdates = 100;

interface Turn {
  actor: Actor<typeof turnMachine>;
  userMessageId: string;
  text: string;
  attachments: readonly PromptAttachment[];
  agentMessageId: string | undefined;
  permissions: PendingPermissions;
  /** Its session is being opened. */
  reaching: boolean;
  /** It was stopped for going past the agent's budget. */
  overBudget: boolean;
}

/**
 * One agent's conversation (REFERENCE.md "Conversations"), in the agent's worker: its messages,
 * its turns one at a time in the order they were sent (each a `turnMachine` actor), the ACP
 * session they prompt (`AcpSession`: made, resumed or loaded), and the permission requests of the
 * current turn. What it says is its `Transcript`: what it holds is always the fold of that.
 */
export class Conversation {
  readonly #transcript: Transcript;
  readonly #queue: Turn[] = [];
  #current: Turn | undefined;
  readonly #session: AcpSession;
  /** The lifecycle was told `use` and not yet `release`. */
  #holdsAgent = false;
  /**
   * Updates that came while a session was being opened, for a session not known yet: an agent
   * may announce its commands before it answers `session/new` (Claude's adapter does).
   */
  #early: SessionNotification[] = [];
  readonly #newId: () => string;
  readonly #emit = (event: ConversationEvent) => this.#transcript.emit(event);
  /** A sentence of `locales/` in the user's language (a refusal the host passes on as it is). */
  readonly #say = sayIn(() => this.options.language?.() ?? 'en');
  /** Its mode and config options: `ChatService.SetMode`, `SetOption`, and what sessions offer. */
  readonly choices: SessionChoices;
  /** What the agent asks the user to fill in or open (`elicitation/create`). */
  readonly elicitations: PendingElicitations;
  /** The login a turn waits for: `ChatService.Authenticate`, and the terminal a login runs in. */
  readonly login: Login;

  constructor(private readonly options: ConversationOptions) {
    const newId = (this.#newId = options.newId ?? (() => crypto.randomUUID()));
    const seed = options.seed;
    this.#transcript = new Transcript(seed ? atRest(seed.conversation) : emptyConversation(), {
      agent: options.agent,
      emit: options.emit,
      newId,
      now: options.now ?? (() => new Date()),
      ...(options.terminal ? { terminal: options.terminal } : {}),
    });
    this.elicitations = new PendingElicitations(options.agent, this.#emit, newId, this.#say);
    this.login = new Login({
      agent: options.agent,
      link: options.link,
      auth: () => this.#transcript.state.auth,
      change: (auth) => this.#transcript.changeSession({ auth }),
      emit: this.#emit,
      loggedIn: () => this.#current?.actor.send({ type: 'turn.loggedIn' }),
    });
    this.choices = new SessionChoices({
      link: options.link,
      sessionId: () => this.#session.id,
      view: () => this.#transcript.sessionView(),
      change: (change) => this.#transcript.changeSession(change),
    });
    const restored = seed?.session ?? (seed && hadAnswers(seed.conversation) ? null : undefined);
    this.#session = new AcpSession({
      link: options.link,
      ...(restored !== undefined ? { restored } : {}),
      ...(options.onSessionActor ? { onActor: options.onSessionActor } : {}),
      opened: (record, _how, restarted) => {
        if (restarted)
          this.#transcript.add({ role: 'system', code: 'agent-restarted', done: true });
        options.onSession?.(record);
        const early = this.#early;
        this.#early = [];
        for (const notification of early) {
          if (notification.sessionId === record.id) this.#project(notification);
        }
      },
    });
  }

  /** What `ChatService.Conversation()` answers; its `id` is the host's. */
  snapshot(): ConversationView {
    return this.#transcript.state;
  }

  /** Adds a user message (`queued` while a turn runs), its id; attachments' bytes stay with its turn. */
  send(text: string, attachments: readonly PromptAttachment[] = []): string {
    const waits = this.#current !== undefined;
    const id = this.#newId();
    const kept = { parts: [{ kind: 'text' as const, text }], ...messageAttachments(attachments) };
    this.#transcript.add({ id, role: 'user', done: true, queued: waits, ...kept });
    const turn: Turn = {
      actor: createActor(this.#bindTurn(() => turn)),
      userMessageId: id,
      text,
      attachments,
      agentMessageId: undefined,
      permissions: new PendingPermissions(this.options.agent, this.#emit, this.#say),
      reaching: false,
      overBudget: false,
    };
    this.options.onTurnActor?.(turn.actor, `turn:${id}`);
    turn.actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') this.#finish(turn);
    });
    turn.actor.start();
    this.#queue.push(turn);
    if (waits) this.#announceTurn();
    else this.#beginNext();
    return id;
  }

  /** Cancel: drops the queued messages, then stops the current answer. */
  cancel(): void {
    this.elicitations.cancelAll();
    for (const turn of [...this.#queue]) turn.actor.send({ type: 'turn.cancel' });
    const waited = this.#current?.actor.getSnapshot().matches('waitingForAgent');
    this.#current?.actor.send({ type: 'turn.cancel' });
    if (waited) this.options.link.withdrawStart();
    this.#announceTurn();
  }

  answerPermission(id: string, optionId: string): Result<void> {
    const turn = this.#current;
    if (!turn) return failed('not-found', this.#say('error.unknownPermission', { id }));
    const answered = turn.permissions.answer(id, optionId);
    if (!answered.ok) return answered;
    turn.actor.send({ type: 'turn.permissionAnswered', rejected: answered.value.rejected });
    return ok(undefined);
  }

  /** The agent became `ready` (after a start). */
  agentReady(): void {
    const turn = this.#current;
    if (turn?.actor.getSnapshot().matches('waitingForAgent')) void this.#reach(turn);
  }

  /** The host could not start the agent: the waiting turn fails with `reason`. */
  agentUnavailable(reason: string): void {
    this.#current?.actor.send({ type: 'turn.agentUnavailable', error: reason });
  }

  /** The agent's process is gone (stopped, crashed): the turn in progress fails with `reason`. */
  agentGone(reason: string): void {
    this.#session.agentGone(reason);
    this.elicitations.cancelAll();
    this.#early = [];
    this.#holdsAgent = false;
    this.#current?.actor.send({ type: 'turn.agentExited', error: reason });
  }

  /**
   * The conversation is replaced by another (`ChatService.New`, `Open`): its turns stop here and
   * now, without a word (the host ends them in its copy), and the agent is released.
   */
  close(): void {
    const sessionId = this.#session.id;
    const prompting =
      this.#current && !this.#current.actor.getSnapshot().matches('waitingForAgent');
    if (prompting && sessionId !== undefined) this.options.link.cancel(sessionId);
    for (const turn of [this.#current, ...this.#queue]) {
      if (!turn) continue;
      turn.permissions.abandon();
      turn.actor.stop();
    }
    if (this.#current?.actor.getSnapshot().matches('waitingForAgent'))
      this.options.link.withdrawStart();
    this.#queue.length = 0;
    this.#current = undefined;
    this.#session.close();
    this.elicitations.abandon();
    this.#letAgentGo();
  }

  /** `session/update`: https://agentclientprotocol.com/protocol/v1/prompt-turn#3-agent-reports-output */
  onUpdate(notification: SessionNotification): void {
    if (notification.sessionId === this.#session.knownId) return this.#project(notification);
    const room = this.#early.length < maxEarlyUpdates;
    if (this.#session.opening && room) this.#early.push(notification);
  }

  #project(notification: SessionNotification): void {
    this.#transcript.project(this.#current?.agentMessageId, notification);
    if (notification.update.sessionUpdate === 'usage_update') this.#enforceBudget();
  }

  /**
   * Past the agent's budget (CONTRACT.md §8), its answer is stopped and what waits is dropped,
   * once, and a system message says why.
   */
  #enforceBudget(): void {
    const turn = this.#current;
    const over = this.options.overBudget?.(this.#transcript.state.usage);
    if (over === undefined || !turn || turn.overBudget) return;
    turn.overBudget = true;
    this.#transcript.say('over-budget', over);
    this.cancel();
  }

  /**
   * `session/request_permission`: waits for the user's answer, or answers `cancelled` when the
   * turn is cancelled or ends (https://agentclientprotocol.com/protocol/v1/tool-calls#requesting-permission);
   * withdrawn when the agent cancels it (`signal`).
   */
  requestPermission(
    request: RequestPermissionRequest,
    signal?: AbortSignal,
  ): Promise<RequestPermissionResponse> {
    const turn = this.#current;
    const asking =
      turn?.agentMessageId !== undefined &&
      request.sessionId === this.#session.id &&
      (turn.actor.getSnapshot().matches('prompting') ||
        turn.actor.getSnapshot().matches('awaitingPermission'));
    if (!turn || !asking || turn.agentMessageId === undefined) return cancelledPermission();
    const view = {
      id: this.#newId(),
      agent: this.options.agent,
      messageId: turn.agentMessageId,
      toolCall: this.#transcript.upsertTool(turn.agentMessageId, request.toolCall),
      options: request.options.map(({ optionId, name, kind }) => ({ optionId, name, kind })),
      rejections: turn.actor.getSnapshot().context.rejections,
    };
    const ruled = this.options.answerByRule?.(view.toolCall, view.options);
    if (ruled) {
      const rule = { index: ruled.rule, answer: ruled.answer };
      this.#transcript.markTool(turn.agentMessageId, view.toolCall.id, { rule });
      return turn.permissions.ruled(view, ruled);
    }
    // Withdrawn by the agent: the prompt goes, as if answered (it counts no refusal).
    const answer = turn.permissions.ask(view, signal, () =>
      turn.actor.send({ type: 'turn.permissionAnswered', rejected: false }),
    );
    turn.actor.send({ type: 'turn.permissionRequested' });
    return answer;
  }

  /** A write the agent made through `fs/write_text_file`, shown as a diff if no tool call did. */
  showWrite(path: string, oldText: string | null, newText: string): void {
    this.#transcript.showWrite(this.#current?.agentMessageId, path, oldText, newText);
  }
  showTerminal(view: TerminalView): void {
    this.#transcript.showTerminal(view);
  }

  #bindTurn(turn: () => Turn) {
    return turnMachine.provide({
      actions: {
        sendPrompt: () => this.#prompt(turn()),
        sendCancel: () => {
          const sessionId = this.#session.id;
          if (sessionId !== undefined) this.options.link.cancel(sessionId);
        },
        cancelPermissions: () => turn().permissions.cancelAll(),
        askLogin: () => {
          this.login.ask();
          this.#letAgentGo();
        },
        forgetLogin: () => this.login.forget(),
        reachAgent: () => {
          if (this.options.link.available) void this.#reach(turn());
          else this.options.link.requestStart();
        },
      },
    });
  }

  #beginNext(): void {
    const turn = this.#queue.shift();
    this.#current = turn;
    if (!turn) {
      this.#letAgentGo();
      this.#announceTurn();
      return;
    }
    const message = this.#transcript.message(turn.userMessageId);
    if (message?.queued) this.#transcript.update(message, { queued: false });
    this.#announceTurn();
    const over = this.options.overBudget?.(this.#transcript.state.usage);
    if (over !== undefined) {
      // Already past the budget: the message does not reach the agent.
      this.#transcript.say('over-budget', over);
      turn.actor.send({ type: 'turn.cancel' });
      return;
    }
    turn.actor.send({ type: 'turn.begin' });
    if (this.options.link.available) void this.#reach(turn);
    else this.options.link.requestStart();
  }

  /** The agent is up: make it `busy`, open its session (resumed, loaded or new), and prompt. */
  async #reach(turn: Turn): Promise<void> {
    if (turn.reaching) return;
    turn.reaching = true;
    const { link } = this.options;
    if (!this.#holdsAgent) {
      this.#holdsAgent = true;
      link.use();
    }
    try {
      await this.#session.open();
    } catch (error) {
      const type = error instanceof LoginRequired ? 'turn.loginRequired' : 'turn.agentUnavailable';
      turn.actor.send({ type, error: errorText(error) });
      return;
    } finally {
      turn.reaching = false;
    }
    turn.actor.send({ type: 'turn.agentReady' });
  }

  /** The lifecycle is told `release` if it was told `use`: the agent is no longer `busy`. */
  #letAgentGo(): void {
    if (!this.#holdsAgent) return;
    this.#holdsAgent = false;
    this.options.link.release();
  }

  #prompt(turn: Turn): void {
    const sessionId = this.#session.id;
    // A prompt sent again after a login goes on in the answer it began.
    turn.agentMessageId ??= this.#transcript.add({ role: 'agent', done: false }).id;
    if (sessionId === undefined) {
      turn.actor.send({ type: 'turn.promptFailed', error: 'no session' });
      return;
    }
    // The prompt may settle after its turn ended (the agent went first): nothing to tell then.
    const live = () => turn.actor.getSnapshot().status === 'active';
    this.options.link.prompt(sessionId, turn.text, turn.attachments).then(
      (stopReason) => live() && turn.actor.send({ type: 'turn.promptEnded', stopReason }),
      (error: unknown) => {
        const type = isLoginRequired(error) ? 'turn.loginRequired' : 'turn.promptFailed';
        if (live()) turn.actor.send({ type, error: errorText(error) });
      },
    );
  }

  /** A turn reached a final state: its messages end, and the next turn begins. */
  #finish(turn: Turn): void {
    const snapshot = turn.actor.getSnapshot();
    const { stopReason, error } = snapshot.context;
    turn.permissions.cancelAll();
    const transcript = this.#transcript;
    const answer = transcript.message(turn.agentMessageId);
    if (answer) {
      // Ended, failed, or dropped while it waited for a login its prompt was refused for.
      transcript.update(answer, {
        done: true,
        ...(snapshot.matches('ended') && stopReason ? { stopReason } : { error: error ?? '' }),
      });
    } else if (snapshot.matches('dropped')) {
      const message = transcript.message(turn.userMessageId);
      if (message) transcript.update(message, { queued: false, error: 'cancelled' });
    } else {
      transcript.add({ role: 'system', code: 'agent-unavailable', error: error ?? '', done: true });
    }
    const queued = this.#queue.indexOf(turn);
    if (queued !== -1) this.#queue.splice(queued, 1);
    if (this.#current === turn) this.#beginNext();
  }

  #announceTurn(): void {
    this.#transcript.announceTurn(this.#current !== undefined, this.#queue.length);
  }
}
