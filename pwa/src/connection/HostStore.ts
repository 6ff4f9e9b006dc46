import { applyConversationEvent } from '../../../machines/conversationFold.ts';
import type { AgentSummary } from '../../../schema/agents.ts';
import type { ConfigCurrent } from '../../../schema/config.ts';
import {
  isConversationEvent,
  type ChatMessage,
  type Conversation,
  type ConversationEvent,
  type PermissionRequestView,
} from '../../../schema/conversation.ts';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import type { RpcMethod, RpcParams, RpcResult } from '../../../schema/rpc.ts';
import { HostConnection, type StreamEvent } from './HostConnection.ts';
import { nextFrame } from './nextFrame.ts';

export type ConnectionState = 'connecting' | 'online' | 'offline' | 'resyncing' | 'unpaired';

/** What the app knows of its host, replaced (never mutated) on every change. */
export interface HostState {
  connection: ConnectionState;
  agents: AgentSummary[];
  config: ConfigCurrent | undefined;
  /**
   * Every agent's pending permission requests, in the order they came (`ChatService.Permissions`,
   * then the events): the approval inbox's, whichever conversations the app opened.
   */
  permissions: readonly PermissionRequestView[];
  /** The conversations the app opened, kept up to date by the events. */
  conversations: Readonly<Record<string, Conversation>>;
  /**
   * Why the reload of an agent's conversation failed, after `conversation:opened` dropped it;
   * cleared when it loads again.
   */
  conversationFailures: Readonly<Record<string, unknown>>;
  /** The agents' stderr lines, for the log viewers opened. */
  logs: Readonly<Record<string, string[]>>;
  /**
   * Inspection records of the agents the app watches (`InspectorService.Watch`), and of the app's
   * own connection actor under `@app`; the last `inspectionLimit` of each, oldest first.
   */
  inspection: Readonly<Record<string, readonly InspectionRecord[]>>;
  /** Bumps on every event: components that fold events themselves can follow it. */
  version: number;
}

const logLimit = 200;
const inspectionLimit = 1000;
/**
 * How many of a conversation's last messages the app loads when it opens it, and how many each
 * page before them holds (`loadEarlier`): a long conversation opens at its end, at once.
 */
export const conversationPage = 200;

/**
 * Whether `event` updates a message of `conversation` in a page the app has not loaded yet (one
 * older than the first it holds): the page brings it as it is when it loads. The fold would add
 * it at the end.
 */
function inPageNotLoaded(conversation: Conversation, event: ConversationEvent): boolean {
  if (!conversation.earlier || event.name !== 'message:updated') return false;
  const { message } = event.data;
  const first = conversation.messages[0];
  if (!first || conversation.messages.some(({ id }) => id === message.id)) return false;
  return message.createdAt < first.createdAt;
}
/** The key of the app's own actors in `HostState.inspection`. */
export const appActors = '@app';

/**
 * The app's single source of truth about the host: snapshots (`List`, `Current`,
 * `Conversation`) folded with the events that follow them. An external store for React
 * (`useSyncExternalStore`): `subscribe`, `getState`.
 */
export class HostStore {
  #state: HostState = {
    connection: 'connecting',
    agents: [],
    config: undefined,
    permissions: [],
    conversations: {},
    conversationFailures: {},
    logs: {},
    inspection: {},
    version: 0,
  };
  readonly #watchedActors = new Set<string>();
  /** The agents whose conversation was loaded once: a reconnection loads them again. */
  readonly #openedConversations = new Set<string>();
  /** Per agent, how many `Conversation()` calls wait for their answer. */
  readonly #loadingConversations = new Map<string, number>();
  /** Per agent, how many `conversation:opened` came: an answer asked for before one is stale. */
  readonly #conversationGenerations = new Map<string, number>();
  /** The agents whose earlier messages are being loaded (`loadEarlier`). */
  readonly #loadingEarlier = new Set<string>();
  /** The agents whose last page of earlier messages failed: asked again once reconnected. */
  readonly #earlierFailed = new Set<string>();
  readonly #listeners = new Set<() => void>();
  readonly #watchedLogs = new Set<string>();
  readonly #eventListeners = new Set<(event: StreamEvent) => void>();
  readonly connection: HostConnection;

  constructor(base?: URL) {
    this.connection = new HostConnection(
      {
        event: (event) => {
          this.#apply(event);
          for (const listener of [...this.#eventListeners]) listener(event);
        },
        loadSnapshots: () => this.#loadSnapshots(),
        changed: () => this.#set({ connection: this.#connectionState() }),
        inspect: ({ agent, records }) => {
          if (this.#watchedActors.has(agent)) this.#addRecords(agent, records);
        },
        inspectSelf: (record) => this.#addRecords(appActors, [record]),
      },
      base,
    );
  }

  start(): void {
    this.connection.start();
  }

  stop(): void {
    this.connection.stop();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): HostState => this.#state;

  /**
   * Calls `listener` with each event of the stream, once the state has taken it in: for stores of
   * their own that follow events `HostState` does not keep (the mesh's).
   */
  onEvent = (listener: (event: StreamEvent) => void): (() => void) => {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  };

  /** Calls `method` with its params, typed by the wire (schema/rpc.ts). */
  call<M extends RpcMethod>(method: M, ...params: RpcParams<M>): Promise<RpcResult<M>> {
    return this.connection.call(method, ...params);
  }

  /**
   * Loads `agent`'s conversation; the events keep it current from then on. An answer asked for
   * before a `conversation:opened` of the agent is dropped: the reload that event made wins.
   */
  async openConversation(agent: string): Promise<void> {
    const generation = this.#conversationGenerations.get(agent) ?? 0;
    this.#loadingConversations.set(agent, (this.#loadingConversations.get(agent) ?? 0) + 1);
    let conversation: Conversation;
    try {
      conversation = await this.call('ChatService.Conversation', agent, conversationPage);
    } finally {
      const loading = (this.#loadingConversations.get(agent) ?? 1) - 1;
      if (loading === 0) this.#loadingConversations.delete(agent);
      else this.#loadingConversations.set(agent, loading);
    }
    if ((this.#conversationGenerations.get(agent) ?? 0) !== generation) return;
    this.#openedConversations.add(agent);
    this.#set({
      conversations: { ...this.#state.conversations, [agent]: conversation },
      conversationFailures: without(this.#state.conversationFailures, agent),
    });
  }

  /**
   * Loads the page of `agent`'s conversation just before the messages held (a long conversation
   * opens at its end: `earlier` says how many are not loaded yet). One page at a time; a page
   * asked for before the conversation changed is dropped.
   */
  async loadEarlier(agent: string): Promise<void> {
    const held = this.#state.conversations[agent];
    if (!held?.earlier || this.#loadingEarlier.has(agent)) return;
    const generation = this.#conversationGenerations.get(agent) ?? 0;
    this.#loadingEarlier.add(agent);
    let page: ChatMessage[];
    try {
      page = await this.call(
        'ChatService.Messages',
        agent,
        held.id,
        held.earlier,
        conversationPage,
      );
    } catch (failure) {
      this.#earlierFailed.add(agent);
      throw failure;
    } finally {
      this.#loadingEarlier.delete(agent);
    }
    this.#earlierFailed.delete(agent);
    const now = this.#state.conversations[agent];
    const current = (this.#conversationGenerations.get(agent) ?? 0) === generation;
    if (!current || !now || now.id !== held.id || now.earlier !== held.earlier) return;
    const earlier = held.earlier - page.length;
    const grown: Conversation = { ...now, messages: [...page, ...now.messages], earlier };
    // All of it loaded: the conversation is whole, as `Conversation(agent)` says it.
    if (earlier <= 0) delete grown.earlier;
    this.#set({ conversations: { ...this.#state.conversations, [agent]: grown } });
  }

  /**
   * `conversation:opened`: the agent's current conversation is another one. The one held is
   * dropped, so the events still in flight for it are ignored, and loaded again; the host answers
   * after the events that came before, so the events after the answer are the new one's.
   */
  #conversationOpened(agent: string): void {
    this.#conversationGenerations.set(agent, (this.#conversationGenerations.get(agent) ?? 0) + 1);
    const held = agent in this.#state.conversations;
    if (!held && !this.#loadingConversations.has(agent)) return this.#set({});
    this.#set({ conversations: without(this.#state.conversations, agent) });
    this.openConversation(agent).catch((failure: unknown) =>
      this.#set({
        conversationFailures: { ...this.#state.conversationFailures, [agent]: failure },
      }),
    );
  }

  /** Loads `agent`'s last stderr lines; `agent:log` events add to them from then on. */
  async watchLogs(agent: string): Promise<void> {
    this.#watchedLogs.add(agent);
    const lines = await this.call('AgentService.Logs', agent);
    this.#set({ logs: { ...this.#state.logs, [agent]: lines } });
  }

  /** Starts receiving `agent`'s inspection records: its recent history, then live ones. */
  async watchInspector(agent: string): Promise<void> {
    this.#watchedActors.add(agent);
    const { records } = await this.call('InspectorService.Watch', agent);
    this.#addRecords(agent, records);
  }

  async unwatchInspector(agent: string): Promise<void> {
    this.#watchedActors.delete(agent);
    await this.call('InspectorService.Unwatch', agent);
  }

  /** Adds records, in seq order, each once: a `Watch` answer and notifications may cross. */
  #addRecords(key: string, records: readonly InspectionRecord[]): void {
    const known = this.#state.inspection[key] ?? [];
    const lastSeq = known.at(-1)?.seq ?? -Infinity;
    // The usual case, records that come after the ones held: no set, no sort.
    if (records.every((record, index) => record.seq > (records[index - 1]?.seq ?? lastSeq))) {
      if (records.length === 0) return;
      const next = [...known, ...records].slice(-inspectionLimit);
      return this.#set({ inspection: { ...this.#state.inspection, [key]: next } });
    }
    const seen = new Set(known.map((record) => record.seq));
    const fresh = records.filter((record) => !seen.has(record.seq));
    if (fresh.length === 0) return;
    const next = [...known, ...fresh].sort((a, b) => a.seq - b.seq).slice(-inspectionLimit);
    this.#set({ inspection: { ...this.#state.inspection, [key]: next } });
  }

  /**
   * `agent`'s conversation loaded again after a reconnection, and the page before it if one
   * failed meanwhile (the rows that wait for it may be in view, and nothing else would ask).
   */
  async #reopenConversation(agent: string): Promise<void> {
    await this.openConversation(agent);
    if (this.#earlierFailed.has(agent)) await this.loadEarlier(agent).catch(() => {});
  }

  async #loadSnapshots(): Promise<void> {
    // Those opened before: one opened meanwhile (the socket is open while this loads) is current.
    const reopened = [...this.#openedConversations];
    const [agents, config, permissions] = await Promise.all([
      this.call('AgentService.List'),
      this.call('ConfigService.Current'),
      this.call('ChatService.Permissions'),
    ]);
    this.#set({ agents, config, permissions });
    await Promise.all([
      ...reopened.map((agent) => this.#reopenConversation(agent)),
      ...[...this.#watchedLogs].map((agent) => this.watchLogs(agent)),
      ...[...this.#watchedActors].map((agent) => this.watchInspector(agent)),
    ]);
  }

  #apply(event: StreamEvent): void {
    if (event.name === 'permission:requested' || event.name === 'permission:resolved') {
      this.#state = {
        ...this.#state,
        permissions: nextPermissions(this.#state.permissions, event),
      };
    }
    if (isConversationEvent(event)) {
      const { agent } = event.data;
      const known = this.#state.conversations[agent];
      if (!known || inPageNotLoaded(known, event)) return this.#set({});
      // The fold makes new objects for what changed only: React sees exactly what changed.
      const conversation = applyConversationEvent(known, event);
      return this.#set({ conversations: { ...this.#state.conversations, [agent]: conversation } });
    }
    switch (event.name) {
      case 'agent:state': {
        const { agent, state, error, outdated } = event.data;
        return this.#set({
          agents: this.#state.agents.map((summary) =>
            summary.name === agent ? { ...summary, state, error: error ?? '', outdated } : summary,
          ),
        });
      }
      case 'agent:log': {
        const { agent, line } = event.data;
        const lines = this.#state.logs[agent];
        if (!lines) return this.#set({});
        return this.#set({
          logs: { ...this.#state.logs, [agent]: [...lines, line].slice(-logLimit) },
        });
      }
      case 'conversation:opened':
        return this.#conversationOpened(event.data.agent);
      case 'config:changed':
        // The configuration's agents, title or language may have changed: reload both.
        void this.#loadConfig();
        return this.#set({});
      default:
        return this.#set({});
    }
  }

  async #loadConfig(): Promise<void> {
    const [agents, config] = await Promise.all([
      this.call('AgentService.List'),
      this.call('ConfigService.Current'),
    ]);
    this.#set({ agents, config });
  }

  #connectionState(): ConnectionState {
    return this.connection.actor.getSnapshot().value;
  }

  #set(change: Partial<HostState>): void {
    this.#state = { ...this.#state, ...change, version: this.#state.version + 1 };
    // Once a frame: a stream's events come faster than frames are drawn.
    nextFrame(this.#tell);
  }

  readonly #tell = () => {
    for (const listener of [...this.#listeners]) listener();
  };
}

/** The pending requests after `event`: one more, or one fewer. */
function nextPermissions(
  pending: readonly PermissionRequestView[],
  event: Extract<StreamEvent, { name: 'permission:requested' | 'permission:resolved' }>,
): readonly PermissionRequestView[] {
  const others = pending.filter((request) => request.id !== event.data.id);
  return event.name === 'permission:requested' ? [...others, event.data] : others;
}

/** `record` without `key`. */
function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([known]) => known !== key));
}
