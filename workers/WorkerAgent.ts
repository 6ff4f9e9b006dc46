import { randomUUID } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { describeExit } from '../locales/describeExit.ts';
import { formatCost } from '../locales/formatCost.ts';
import { translate, type Language } from '../locales/translate.ts';
import type { LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import type { ProcessExit } from '../schema/agents.ts';
import type { AgentPolicy } from '../schema/config.ts';
import type { ElicitationAction, ElicitationContent } from '../schema/elicitation.ts';
import type { Conversation as ConversationView, UsageCost } from '../schema/conversation.ts';
import { clientHandlers, runSide } from './clientHandlers.ts';
import { AgentActor } from './AgentActor.ts';
import type { SpawnedAgent } from './spawnAgent.ts';
import type { ClientFiles } from './clientFiles.ts';
import type { ClientTerminals } from './ClientTerminals.ts';
import { ProcessTracker } from './ProcessTracker.ts';
import { runVariable } from './processTree.ts';
import { Conversation } from './Conversation.ts';
import { conversationLink } from './conversationLink.ts';
import { ActorInspector } from './ActorInspector.ts';
import { quirksOf } from './agentQuirks.ts';
import { answerByRule } from './permissionRules.ts';
import { EventBatcher } from './EventBatcher.ts';
import { promptOffer } from './promptBlocks.ts';
import type {
  AcpSessionRecord,
  AgentLaunch,
  AgentWorkerApi,
  AgentWorkerEvent,
  LoginExit,
  LoginLaunch,
  PromptAttachment,
  WorkerSeed,
} from '../schema/worker.ts';
import { failed, ok, type Result } from '../schema/result.ts';

export interface WorkerAgentOptions {
  name: string;
  language: Language;
  /** Its `budget` and the permission rules that may answer for it. */
  policy?: AgentPolicy;
  seed?: WorkerSeed;
  timings?: Partial<LifecycleTimings>;
  /** Some client already watches this agent: forward inspection events from the start. */
  inspect?: boolean;
  /** The process of the first start, spawned while the worker loaded (`agentWorker.ts`). */
  early?: SpawnedAgent;
}

/**
 * Everything of one agent that lives in its worker thread: the lifecycle actor and its runs, the
 * ACP client side (session, permissions, files in the agent's `cwd`), and the conversation. It
 * outlives the agent's runs, so the conversation does too.
 */
export class WorkerAgent implements AgentWorkerApi {
  readonly #actor: AgentActor;
  #conversation: Conversation;
  readonly #batcher: EventBatcher;
  readonly #inspector: ActorInspector;
  readonly #name: string;
  #language: Language;
  #policy: AgentPolicy;
  #launch: AgentLaunch | undefined;
  /** The agent's `cwd`, as configured and as its real path once known. */
  #cwds: string[] = [];
  #files: ClientFiles | undefined;
  /** The terminals of the current run (`terminal/*`), killed when it ends. */
  #terminals: ClientTerminals | undefined;
  /** Every process of the current run, wherever it went: killed when it ends. */
  #processes: ProcessTracker | undefined;
  /** When the agent last sent a `session/update` (`performance.now()`). */
  #lastUpdateAt = 0;

  constructor(
    options: WorkerAgentOptions,
    private readonly post: (event: AgentWorkerEvent) => void,
  ) {
    this.#name = options.name;
    this.#language = options.language;
    this.#policy = options.policy ?? { budget: null, permissions: [] };
    this.#batcher = new EventBatcher((events) =>
      post({ type: 'conversation', conversation: this.#conversation.snapshot().id, events }),
    );
    this.#inspector = new ActorInspector((records) => post({ type: 'inspection', records }));
    const placeholder: AgentLaunch = {
      name: options.name,
      command: '',
      args: [],
      env: {},
      cwd: '',
    };
    this.#actor = new AgentActor(placeholder, (event) => this.#postNow(event), {
      ...(options.timings ? { timings: options.timings } : {}),
      handlers: clientHandlers({
        files: () => this.#files,
        terminals: () => this.#terminals,
        conversation: () => this.#conversation,
        quirks: () => quirksOf(this.#actor.agentInfo),
        updated: () => (this.#lastUpdateAt = performance.now()),
      }),
      runs: {
        ready: () => this.#runReady(),
        ended: (asked, exit) => this.#runEnded(asked, exit),
      },
      onActor: (actor) => this.#inspector.attach(actor, 'lifecycle', 'agent-lifecycle'),
      processes: () => this.#processes,
    });
    this.#conversation = this.#makeConversation(options.seed);
    if (options.early) this.#actor.adoptOnStart(options.early);
    if (options.inspect) this.inspect(true);
  }

  start(launch: AgentLaunch): void {
    this.#launch = launch;
    this.#cwds = [launch.cwd];
    void realpath(launch.cwd).then(
      (real) => (this.#cwds = [launch.cwd, real]),
      () => {},
    );
    this.#terminals?.killAll();
    this.#processes?.killAll();
    const run = launch.env[runVariable] ?? `run-${randomUUID()}`;
    const processes = new ProcessTracker(run, (groups) =>
      this.#postNow({ type: 'processes', groups }),
    );
    this.#processes = processes;
    ({ files: this.#files, terminals: this.#terminals } = runSide(launch, processes, {
      refused: ({ method, path, reason }) => {
        const key = reason === 'outside' ? 'files.refusedOutside' : 'files.refusedOwn';
        this.#actor.note(translate(this.#language, key, { method, path, cwd: launch.cwd }));
      },
      terminalChanged: (view) => this.#conversation.showTerminal(view),
    }));
    this.#actor.start(launch);
  }
  stop(): void {
    this.#actor.stop();
  }
  idleStop(): void {
    this.#actor.idleStop();
  }
  evict(): void {
    this.#actor.evict();
  }
  use(): void {
    this.#actor.use();
  }
  release(): void {
    this.#actor.release();
  }
  definitionChanged(): void {
    this.#actor.definitionChanged();
  }
  logs(): string[] {
    return this.#actor.logs();
  }
  logRead(bytes: number): void {
    this.#actor.logRead(bytes);
  }
  /** The host's `sync` `id`: answered after what is batched. */
  sync(id: number): void {
    this.#postNow({ type: 'synced', id });
  }
  setLanguage(language: Language): void {
    this.#language = language;
  }
  setPolicy(policy: AgentPolicy): void {
    this.#policy = policy;
  }
  send(text: string, attachments?: readonly PromptAttachment[]): string {
    const id = this.#conversation.send(text, attachments);
    this.#batcher.flush(); // the message leaves before the reply that names it
    return id;
  }
  cancel(): void {
    this.#conversation.cancel();
  }
  answerPermission(id: string, optionId: string): Result<void> {
    return this.#conversation.answerPermission(id, optionId);
  }
  setMode(modeId: string): Promise<Result<void>> {
    return this.#conversation.choices.setMode(modeId);
  }
  setOption(optionId: string, value: string | boolean): Promise<Result<void>> {
    return this.#conversation.choices.setOption(optionId, value);
  }
  killTerminal(terminalId: string): Result<void> {
    if (!this.#terminals?.has(terminalId)) {
      return failed(
        'not-found',
        translate(this.#language, 'error.unknownTerminal', { terminalId }),
      );
    }
    this.#terminals.kill(terminalId);
    return ok(undefined);
  }
  authenticate(methodId: string): Promise<Result<void>> {
    return this.#conversation.login.authenticate(methodId);
  }
  loginLaunch(methodId: string): Result<{ launch: LoginLaunch; command: string }> {
    return this.#conversation.login.launch(methodId);
  }
  loginOpened(id: string, methodId: string, command: string): void {
    this.#conversation.login.opened(id, methodId, command);
  }
  loginOutput(id: string, data: string): void {
    this.#conversation.login.output(id, data);
  }
  loginEnded(id: string, exit: LoginExit, note?: string): void {
    this.#conversation.login.ended(id, exit, note);
  }
  answerElicitation(
    id: string,
    action: ElicitationAction,
    content?: ElicitationContent,
  ): Result<void> {
    return this.#conversation.elicitations.answer(id, action, content);
  }
  agentUnavailable(reason: string): void {
    this.#conversation.agentUnavailable(reason);
  }
  conversation(): ConversationView {
    return this.#conversation.snapshot();
  }
  replaceConversation(seed: WorkerSeed): void {
    this.#batcher.flush(); // what the old one said leaves under its own id
    this.#conversation.close();
    this.#conversation = this.#makeConversation(seed);
    if (this.#actor.capabilities) this.#conversation.choices.promptOffered(this.#promptOffer());
  }
  /** Forwards the actors' inspection events while `on` (some client watches this agent). */
  inspect(on: boolean): void {
    this.#inspector.watch(on);
  }

  #makeConversation(seed: WorkerSeed | undefined): Conversation {
    const conversation: Conversation = new Conversation({
      agent: this.#name,
      language: () => this.#language,
      link: conversationLink({
        actor: this.#actor,
        conversation: () => conversation,
        language: () => this.#language,
        launch: () => this.#launch,
        post: (event) => this.#postNow(event),
        promptOffer: () => this.#promptOffer(),
        updatesQuiet: (quietMs, maxMs) => this.#updatesQuiet(quietMs, maxMs),
      }),
      emit: (event) => this.#batcher.push(event),
      terminal: (id) => this.#terminals?.view(id),
      answerByRule: (tool, options) =>
        answerByRule(this.#policy.permissions, tool, options, this.#cwds),
      overBudget: ({ cost }) => {
        const limit = this.#policy.budget;
        if (limit === null || !cost || cost.amount <= limit) return undefined;
        const say = (spent: UsageCost) => formatCost(this.#language, spent);
        const budget = say({ amount: limit, currency: cost.currency });
        return translate(this.#language, 'chat.overBudget', { cost: say(cost), budget });
      },
      onSession: (session) => this.#sessionOpened(conversation, session),
      onTurnActor: (actor, name) => this.#inspector.attach(actor, name, 'conversation-turn'),
      onSessionActor: (actor) => this.#inspector.attach(actor, 'session', 'acp-session'),
      ...(seed ? { seed } : {}),
    });
    return conversation;
  }

  #sessionOpened(conversation: Conversation, session: AcpSessionRecord): void {
    this.#postNow({ type: 'session', conversation: conversation.snapshot().id, session });
  }

  /** Lifecycle events go out at once, after the conversation events before them. */
  #postNow(event: AgentWorkerEvent): void {
    this.#batcher.flush();
    this.post(event);
  }

  #runReady(): void {
    this.#conversation.choices.promptOffered(this.#promptOffer());
    this.#conversation.agentReady();
  }

  #runEnded(asked: boolean, exit: ProcessExit | null): void {
    const reason = asked
      ? translate(this.#language, 'chat.agentStopped')
      : translate(this.#language, 'chat.agentExited', {
          exit: describeExit(this.#language, exit ?? { code: null, signal: null }),
        });
    this.#terminals?.killAll();
    this.#processes?.killAll();
    this.#conversation.agentGone(reason);
  }

  /** What this run takes in a prompt (`initialize`), told to the conversation's clients. */
  #promptOffer() {
    return promptOffer(this.#actor.capabilities?.promptCapabilities ?? undefined);
  }

  /** Resolves once no `session/update` came for `quietMs`, or after `maxMs` at the most. */
  async #updatesQuiet(quietMs: number, maxMs: number): Promise<void> {
    const until = performance.now() + maxMs;
    this.#lastUpdateAt = performance.now();
    for (;;) {
      const now = performance.now();
      const quietFor = now - this.#lastUpdateAt;
      if (quietFor >= quietMs || now >= until) return;
      await new Promise((resolve) => setTimeout(resolve, quietMs - quietFor));
    }
  }
}
