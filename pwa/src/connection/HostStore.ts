import { applyConversationEvent, emptyConversation } from '../../../machines/conversationFold.ts';
import type { AgentSummary } from '../../../schema/agents.ts';
import type { ConfigCurrent } from '../../../schema/config.ts';
import { isConversationEvent, type Conversation } from '../../../schema/conversation.ts';
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
  /** Bumps on every event: components that fold events themselves can follow it. */
  version: number;
}

const logLimit = 200;

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
    version: 0,
  };
  readonly #listeners = new Set<() => void>();
  readonly #watchedLogs = new Set<string>();
  readonly connection: HostConnection;

  constructor(base?: URL) {
    this.connection = new HostConnection(
      {
        event: (event) => this.#apply(event),
        loadSnapshots: () => this.#loadSnapshots(),
        changed: () => this.#set({ connection: this.#connectionState() }),
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

  async #loadSnapshots(): Promise<void> {
    const [agents, config] = await Promise.all([
      this.call<AgentSummary[]>('AgentService.List'),
      this.call<ConfigCurrent>('ConfigService.Current'),
    ]);
    this.#set({ agents, config });
    await Promise.all([
      ...Object.keys(this.#state.conversations).map((agent) => this.openConversation(agent)),
      ...[...this.#watchedLogs].map((agent) => this.watchLogs(agent)),
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
