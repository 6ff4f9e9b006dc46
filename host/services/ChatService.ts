import { realpath } from 'node:fs/promises';
import type { Remote } from 'comlink';
import type {
  ChatMessage,
  Conversation,
  ConversationSummary,
  PermissionRequestView,
  SearchHit,
} from '../../schema/conversation.ts';
import type { AgentWorkerApi, WorkerSeed } from '../../schema/worker.ts';
import type { Result } from '../../schema/result.ts';
import type { ConversationStore } from '../conversations/ConversationStore.ts';
import { lastMessages, messagesBefore } from '../conversations/conversationPages.ts';
import { exportMarkdown } from '../conversations/exportMarkdown.ts';
import { sayIn, type Language } from '../i18n.ts';
import type { PermissionRule as FileRule } from '../../schema/config.gen.ts';
import {
  checkAnswer,
  type ElicitationAction,
  type ElicitationContent,
} from '../../schema/elicitation.ts';
import { InvalidParams, ServiceError, settle } from '../ServiceError.ts';
import { alwaysRule } from './alwaysRule.ts';
import { LoginTerminals } from './LoginTerminals.ts';
import { logInInTerminal } from './terminalLogin.ts';
import { checkAttachments } from './promptAttachments.ts';
import { cwdFiles } from './cwdFiles.ts';
import { ImageStore } from '../conversations/ImageStore.ts';
import type { SendAttachment } from '../../schema/attachments.ts';
import type { Supervisor } from '../Supervisor.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * What the chat writes in the configuration file (each written and applied, or refused with
 * `invalid-config` if the file would hold an error): a login's variables in the agent's `env`,
 * an "Always" answer's rule in `permissions`.
 */
export interface ConfigWriter {
  setAgentEnv(agent: string, env: Readonly<Record<string, string>>): Promise<void>;
  addPermissionRule(rule: FileRule): Promise<void>;
}

/** What a message's attachments need of the host: where images are kept, what is never sent. */
export interface ChatFiles {
  images: ImageStore;
  /** Switchboard's own files and folders (the configurations, the state dir). */
  ownFiles: () => readonly string[];
}

/**
 * `ChatService` of REFERENCE.md and CONTRACT.md §6: one current conversation per agent, held by
 * the agent's worker; the host's copy (`ConversationStore`) answers `Conversation()` and keeps
 * every conversation in the database. `Send` resolves with the new message's id as soon as it is
 * added and on disk (CONTRACT.md §3); the answer arrives as events.
 */
export class ChatService implements WireService<'ChatService'> {
  /** The terminal logins under way, by agent and method: a second `Authenticate` joins one. */
  readonly #terminalLogins = new Map<string, Promise<void>>();
  readonly #say = sayIn(() => this.language());

  constructor(
    private readonly supervisor: Supervisor,
    private readonly conversations: ConversationStore,
    private readonly language: () => Language,
    private readonly config: ConfigWriter,
    private readonly files: ChatFiles = { images: new ImageStore(), ownFiles: () => [] },
    private readonly logins = new LoginTerminals(),
  ) {}

  /**
   * Adds a user message; starts the agent if needed, or queues the message while it answers.
   * `attachments` (CONTRACT.md §7) are checked here (`promptAttachments.ts`); a message with some
   * may have no text.
   */
  async Send(agent: string, text: string, attachments: SendAttachment[] = []): Promise<string> {
    this.#requireAgent(agent);
    if (text.trim() === '' && attachments.length === 0) {
      throw new ServiceError('empty-text', this.#say('error.emptyText'));
    }
    const checked = await checkAttachments(attachments, {
      agent,
      cwd: this.supervisor.definition(agent)?.cwd ?? '',
      own: this.files.ownFiles(),
      offer: this.conversations.get(agent).prompt,
      images: this.files.images,
      say: (...args) => this.#say(...args),
    });
    const worker = this.supervisor.workerFor(agent);
    const id = await worker.call((api) => api.send(text, checked));
    if (id === undefined) {
      throw new ServiceError('start-failed', this.#say('chat.notRunning'));
    }
    await this.conversations.kept(agent, id);
    return id;
  }

  /**
   * Files of the agent's `cwd` whose path matches `query`, for `@` in the composer: an addition to
   * CONTRACT.md §7 (`cwdFiles.ts` says how the walk is bounded).
   */
  async Files(agent: string, query = ''): Promise<string[]> {
    this.#requireAgent(agent);
    const cwd = this.supervisor.definition(agent)?.cwd;
    return cwd === undefined ? [] : cwdFiles(cwd, query, this.files.ownFiles());
  }

  /** Stops the current answer, answers "cancelled" to its permission requests, drops the queue. */
  async Cancel(agent: string): Promise<void> {
    this.#requireAgent(agent);
    await this.supervisor.conversationWorker(agent)?.call((api) => api.cancel());
  }

  /**
   * Every pending permission request of every agent, oldest first per agent: the app's approval
   * inbox loads it when it connects (an addition to the contract; `Conversation()` has one agent's).
   */
  Permissions(): PermissionRequestView[] {
    return this.conversations.permissions();
  }

  async AnswerPermission(id: string, optionId: string): Promise<void> {
    const request = this.conversations.permission(id);
    if (!request) {
      throw new ServiceError('not-found', this.#say('error.unknownPermission', { id }));
    }
    const option = request.options.find((candidate) => candidate.optionId === optionId);
    if (!option) {
      throw new ServiceError('not-found', this.#say('error.unknownOption', { optionId }));
    }
    // "Always allow" or "Always reject": the rule is in place (in the file, and in the worker)
    // before the agent hears the answer, so its next such request is answered by it (§8). An
    // "always" that keeps no rule is not given: the request waits, the reason by its buttons.
    const cwd = this.supervisor.definition(request.agent)?.cwd;
    const cwds = cwd === undefined ? [] : [cwd, await realpath(cwd).catch(() => cwd)];
    const kept = alwaysRule(request, option, cwds);
    if (kept.kind === 'unkept') throw new InvalidParams(this.#say(`rule.unkept.${kept.reason}`));
    if (kept.kind === 'rule') {
      await this.config.addPermissionRule(kept.rule).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        const kind = error instanceof ServiceError ? error.kind : 'io';
        throw new ServiceError(kind, this.#say('rule.notSaved', { reason }));
      });
    }
    this.conversations.answering(id, optionId);
    const worker = this.supervisor.conversationWorker(request.agent);
    // Comlink's types spread over the union: the call resolves to the worker's `Result` as is.
    const result = await worker?.call<Result<void>>((api) => api.answerPermission(id, optionId));
    settle(
      result,
      () => new ServiceError('not-found', this.#say('error.unknownPermission', { id })),
    );
  }

  /**
   * Answers an agent's `elicitation/create` (CONTRACT.md §7): `accept` with a form's `content`
   * (checked against its schema first), `decline` or `cancel`.
   */
  async AnswerElicitation(
    id: string,
    action: ElicitationAction,
    content: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const asked = this.conversations.elicitation(id);
    if (!asked) throw new ServiceError('not-found', this.#say('error.unknownElicitation', { id }));
    const form = action === 'accept' && asked.mode === 'form' ? asked.schema : undefined;
    const problem = form && checkAnswer(form, content);
    if (problem) {
      const reason = this.#say(`elicitation.problem.${problem.reason}`);
      throw new InvalidParams(this.#say('error.badAnswer', { name: problem.name, reason }));
    }
    const answer = form ? (content as ElicitationContent) : undefined;
    await this.#inWorker(asked.agent, (api) => api.answerElicitation(id, action, answer));
  }

  /**
   * Kills a command the agent runs in one of its terminals (CONTRACT.md §7): its whole process
   * group, as `terminal/kill` would. The agent sees it end, and decides what follows.
   */
  async KillTerminal(agent: string, terminalId: string): Promise<void> {
    this.#requireAgent(agent);
    if (this.logins.kill(agent, terminalId)) return;
    const worker = this.supervisor.conversationWorker(agent);
    const result = await worker?.call<Result<void>>((api) => api.killTerminal(terminalId));
    settle(
      result,
      () => new ServiceError('not-found', this.#say('error.unknownTerminal', { terminalId })),
    );
  }

  /** `session/set_mode` (CONTRACT.md §7): one of the modes the agent's session offers. */
  async SetMode(agent: string, modeId: string): Promise<void> {
    this.#requireAgent(agent);
    const { modes } = this.conversations.get(agent);
    if (!modes?.available.some((mode) => mode.id === modeId)) {
      throw new ServiceError('not-found', this.#say('error.unknownMode', { agent, modeId }));
    }
    await this.#inWorker(agent, (api) => api.setMode(modeId));
  }

  /** `session/set_config_option` (CONTRACT.md §7): a model, a reasoning level… */
  async SetOption(agent: string, optionId: string, value: string | boolean): Promise<void> {
    this.#requireAgent(agent);
    const option = this.conversations.get(agent).options.find(({ id }) => id === optionId);
    if (!option) {
      throw new ServiceError(
        'not-found',
        this.#say('error.unknownConfigOption', { agent, optionId }),
      );
    }
    const fits =
      option.type === 'boolean'
        ? typeof value === 'boolean'
        : option.values.some((candidate) => candidate.value === value);
    if (!fits) {
      throw new ServiceError(
        'not-found',
        this.#say('error.badOptionValue', { option: option.name, value: String(value) }),
      );
    }
    await this.#inWorker(agent, (api) => api.setOption(optionId, value));
  }

  /**
   * `authenticate` (CONTRACT.md §7) with one of the ways to log in the agent offers while a turn
   * waits for a login; then that turn goes on. `env` first sets variables the method reads in the
   * agent's `env` (the file's comments kept) and restarts the agent with them; without it, a
   * stopped agent is started.
   */
  async Authenticate(
    agent: string,
    methodId: string,
    env: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    this.#requireAgent(agent);
    const { auth } = this.conversations.get(agent);
    if (!auth) throw new ServiceError('not-found', this.#say('error.noLogin', { agent }));
    const method = auth.methods.find(({ id }) => id === methodId);
    if (!method) {
      throw new ServiceError(
        'not-found',
        this.#say('error.unknownLoginMethod', { agent, methodId }),
      );
    }
    const names = Object.keys(env);
    const unread = names.find((name) => !method.env.some((variable) => variable.name === name));
    if (unread !== undefined) {
      throw new InvalidParams(
        this.#say('error.variableNotRead', { name: unread, method: method.name }),
      );
    }
    if (method.type === 'terminal') {
      // Asked again while it runs (another device, a reload), it joins the login under way.
      const key = `${agent}\n${methodId}`;
      let login = this.#terminalLogins.get(key);
      if (!login) {
        const worker = this.supervisor.workerFor(agent);
        login = logInInTerminal(worker, this.logins, agent, methodId, this.language())
          .then(async () => {
            // As ACP asks of a client after a terminal login; then the waiting turn goes on.
            await this.supervisor.restart(agent);
            await this.#inWorker(agent, (api) => api.authenticate(methodId));
          })
          .finally(() => this.#terminalLogins.delete(key));
        this.#terminalLogins.set(key, login);
      }
      return login;
    }
    if (names.length > 0) {
      await this.config.setAgentEnv(agent, env);
      await this.supervisor.restart(agent);
    } else {
      await this.supervisor.start(agent);
    }
    await this.#inWorker(agent, (api) => api.authenticate(methodId));
  }

  /** What the user types into a login terminal (an extension to CONTRACT.md §7). */
  WriteTerminal(agent: string, terminalId: string, data: string): void {
    this.#requireAgent(agent);
    if (!this.logins.write(agent, terminalId, data)) this.#noLoginTerminal(terminalId);
  }

  /** The size of a login terminal, as the app has room for it. */
  ResizeTerminal(agent: string, terminalId: string, cols: number, rows: number): void {
    this.#requireAgent(agent);
    if (!this.logins.resize(agent, terminalId, { cols, rows })) this.#noLoginTerminal(terminalId);
  }

  #noLoginTerminal(terminalId: string): never {
    throw new ServiceError('not-found', this.#say('error.noLoginTerminal', { terminalId }));
  }

  /**
   * Runs `call` in the agent's worker; its failure, worded there, is the request's. It resolves
   * once what the call changed is in the host's copy: a `Conversation()` that follows shows it.
   */
  async #inWorker(
    agent: string,
    call: (api: Remote<AgentWorkerApi>) => Promise<Result<void>>,
  ): Promise<void> {
    const worker = this.supervisor.workerFor(agent);
    const result = await worker.call<Result<void>>(call);
    settle(result, () => new ServiceError('start-failed', this.#say('chat.notRunning')));
    await worker.sync();
  }

  /**
   * The agent's current conversation; with `last`, only its last `last` messages and how many
   * come before them (`earlier`): a long conversation opens at its end, the rest on scroll.
   */
  Conversation(agent: string, last?: number): Conversation {
    this.#requireAgent(agent);
    return lastMessages(this.conversations.get(agent), last);
  }

  /**
   * The messages of the agent's current conversation `id` that come before the message at
   * `before`, at most `limit` of them (the last ones): a page of what `Conversation(name, last)`
   * left out. Another conversation than the current one is not found: it is not the one shown.
   */
  Messages(agent: string, id: string, before: number, limit: number): ChatMessage[] {
    this.#requireAgent(agent);
    const conversation = this.conversations.get(agent);
    if (conversation.id !== id) {
      throw new ServiceError('not-found', this.#say('error.notCurrentConversation', { id }));
    }
    return messagesBefore(conversation, before, limit);
  }

  /** Ends the current conversation (a turn in flight is cancelled) and starts an empty one. */
  async New(agent: string): Promise<string> {
    this.#requireAgent(agent);
    const seed = this.conversations.startNew(agent, this.#say('chat.conversationClosed'));
    await this.#replaceInWorker(agent, seed);
    return seed.conversation.id;
  }

  History(agent: string): ConversationSummary[] {
    this.#requireAgent(agent);
    return this.conversations.history(agent);
  }

  /** Makes the conversation `id` the agent's current one: its next turn continues it. */
  async Open(agent: string, id: string): Promise<void> {
    this.#requireAgent(agent);
    const seed = this.conversations.open(agent, id, this.#say('chat.conversationClosed'));
    if (!seed) throw this.#unknownConversation(id);
    await this.#replaceInWorker(agent, seed);
  }

  Search(query: string): SearchHit[] {
    return this.conversations.search(query);
  }

  Export(agent: string, id: string): string {
    this.#requireAgent(agent);
    const stored = this.conversations.stored(agent, id);
    if (!stored) throw this.#unknownConversation(id);
    return exportMarkdown({ agent, ...stored }, this.language());
  }

  async #replaceInWorker(agent: string, seed: WorkerSeed): Promise<void> {
    await this.supervisor.conversationWorker(agent)?.call((api) => api.replaceConversation(seed));
  }

  #unknownConversation(id: string): ServiceError {
    return new ServiceError('not-found', this.#say('error.unknownConversation', { id }));
  }

  #requireAgent(agent: string): void {
    if (!this.supervisor.has(agent)) {
      throw new ServiceError('unknown-agent', this.#say('error.unknownAgent', { name: agent }));
    }
  }
}
