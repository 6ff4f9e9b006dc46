import { applyConversationEvent, emptyConversation } from '../../../machines/conversationFold.ts';
import type { AgentSummary } from '../../../schema/agents.ts';
import type { ConfigCurrent } from '../../../schema/config.ts';
import { isConversationEvent, type Conversation } from '../../../schema/conversation.ts';
import type { InspectionRecord, WatchResult } from '../../../schema/inspector.ts';
import type { RpcMethod } from '../../../schema/rpc.ts';
import { HostConnection, type StreamEvent } from './HostConnection.ts';

export type ConnectionState = 'connecting' | 'online' | 'offline' | 'resyncing' | 'unpaired';

/** What the app knows of its host, replaced (never mutated) on every change. */
export interface HostState {
  connection: ConnectionState;
  agents: AgentSummary[];
  config: ConfigCurrent | undefined;
  /** The conversations the app opened, kept up to date by the events. */
  conversations: Readonly<Record<string, Conversation>>;
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
export const inspectionLimit = 1000;
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
    conversations: {},
    logs: {},
    inspection: {},
    version: 0,
  };
  readonly #watchedActors = new Set<string>();
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

  call<T>(method: RpcMethod, params: unknown[] = []): Promise<T> {
    return this.connection.call<T>(method, params);
  }

  /** Loads `agent`'s conversation; the events keep it current from then on. */
  async openConversation(agent: string): Promise<void> {
    const conversation = await this.call<Conversation>('ChatService.Conversation', [agent]);
    this.#set({ conversations: { ...this.#state.conversations, [agent]: conversation } });
  }

  /** Loads `agent`'s last stderr lines; `agent:log` events add to them from then on. */
  async watchLogs(agent: string): Promise<void> {
    this.#watchedLogs.add(agent);
    const lines = await this.call<string[]>('AgentService.Logs', [agent]);
    this.#set({ logs: { ...this.#state.logs, [agent]: lines } });
  }

  /** Starts receiving `agent`'s inspection records: its recent history, then live ones. */
  async watchInspector(agent: string): Promise<void> {
    this.#watchedActors.add(agent);
    const { records } = await this.call<WatchResult>('InspectorService.Watch', [agent]);
    this.#addRecords(agent, records);
  }

  async unwatchInspector(agent: string): Promise<void> {
    this.#watchedActors.delete(agent);
    await this.call<void>('InspectorService.Unwatch', [agent]);
  }

  /** Adds records, in seq order, each once: a `Watch` answer and notifications may cross. */
  #addRecords(key: string, records: readonly InspectionRecord[]): void {
    const known = this.#state.inspection[key] ?? [];
    const seen = new Set(known.map((record) => record.seq));
    const fresh = records.filter((record) => !seen.has(record.seq));
    if (fresh.length === 0) return;
    const next = [...known, ...fresh].sort((a, b) => a.seq - b.seq).slice(-inspectionLimit);
    this.#set({ inspection: { ...this.#state.inspection, [key]: next } });
  }

  async #loadSnapshots(): Promise<void> {
    const [agents, config] = await Promise.all([
      this.call<AgentSummary[]>('AgentService.List'),
      this.call<ConfigCurrent>('ConfigService.Current'),
    ]);
    this.#set({ agents, config });
    await Promise.all([
      ...Object.keys(this.#state.conversations).map((agent) => this.openConversation(agent)),
      ...[...this.#watchedLogs].map((agent) => this.watchLogs(agent)),
      ...[...this.#watchedActors].map((agent) => this.watchInspector(agent)),
    ]);
  }

  #apply(event: StreamEvent): void {
    if (isConversationEvent(event)) {
      const { agent } = event.data;
      const known = this.#state.conversations[agent];
      if (!known) return this.#set({});
      // A new object for what changed, the same for the rest: React sees exactly what changed.
      const conversation = {
        ...known,
        messages: [...known.messages],
        permissions: [...known.permissions],
      };
      if (event.name === 'message:delta') {
        const index = conversation.messages.findLastIndex((m) => m.id === event.data.messageId);
        const message = conversation.messages[index];
        if (message) conversation.messages[index] = { ...message, parts: [...message.parts] };
      }
      applyConversationEvent(conversation, event);
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
      this.call<AgentSummary[]>('AgentService.List'),
      this.call<ConfigCurrent>('ConfigService.Current'),
    ]);
    this.#set({ agents, config });
  }

  #connectionState(): ConnectionState {
    return this.connection.actor.getSnapshot().value;
  }

  #set(change: Partial<HostState>): void {
    this.#state = { ...this.#state, ...change, version: this.#state.version + 1 };
    for (const listener of [...this.#listeners]) listener();
  }
}

export { emptyConversation };
