import type {
  InspectionRecord,
  WatchResult,
  WorkerInspectionRecord,
} from '../../schema/inspector.ts';
import { translate, type Language } from '../i18n.ts';
import { ServiceError } from '../ServiceError.ts';
import type { Supervisor } from '../Supervisor.ts';
import type { WireService } from '../../schema/rpc.ts';

/** A WebSocket client, as the inspector sends to it: in order with its events and responses. */
export interface InspectClient {
  send(frame: string): void;
}

/** How many records of an agent a newly opened inspector gets. */
export const inspectionHistory = 500;

interface Watched {
  watchers: Set<InspectClient>;
  records: InspectionRecord[];
}

/**
 * `InspectorService` (docs/inspector.md): the XState inspection of an agent's actors, asked of its
 * worker only while some WebSocket client watches the agent, and sent only to those clients as
 * `inspect` notifications. The last `inspectionHistory` records are kept while it is watched.
 */
export class InspectorService implements WireService<'InspectorService'> {
  readonly #watched = new Map<string, Watched>();
  /** The last seq given per agent: it goes on across watches, so a client never sees one twice. */
  readonly #seqs = new Map<string, number>();

  constructor(
    private readonly supervisor: Supervisor,
    private readonly language: () => Language,
  ) {}

  /** Starts sending `agent`'s records to `client`; answers the recent history. */
  async Watch(agent: string, caller?: Partial<InspectClient>): Promise<WatchResult> {
    this.#requireAgent(agent);
    let watched = this.#watched.get(agent);
    // A POST's caller has nothing to be sent to: it gets the history only.
    const client = canSend(caller) ? caller : undefined;
    if (client) {
      if (!watched) {
        watched = { watchers: new Set(), records: [] };
        this.#watched.set(agent, watched);
      }
      const first = watched.watchers.size === 0;
      watched.watchers.add(client);
      if (first) await this.supervisor.workerFor(agent).call((api) => api.inspect(true));
    }
    return { agent, records: [...(watched?.records ?? [])] };
  }

  async Unwatch(agent: string, caller?: Partial<InspectClient>): Promise<void> {
    this.#requireAgent(agent);
    if (canSend(caller)) await this.#release(agent, caller);
  }

  /** A client went away: it watches nothing any more. */
  dropClient(client: InspectClient): void {
    for (const agent of [...this.#watched.keys()]) void this.#release(agent, client);
  }

  /** Whether some client watches `agent` (a new worker of it starts inspecting at once). */
  watched(agent: string): boolean {
    return (this.#watched.get(agent)?.watchers.size ?? 0) > 0;
  }

  /** Records from `agent`'s worker: stamped, kept (bounded), and sent to its watchers. */
  received(agent: string, records: WorkerInspectionRecord[]): void {
    const watched = this.#watched.get(agent);
    if (!watched || watched.watchers.size === 0) return;
    let seq = this.#seqs.get(agent) ?? 0;
    const stamped = records.map((record) => ({ ...record, seq: ++seq }));
    this.#seqs.set(agent, seq);
    watched.records.push(...stamped);
    if (watched.records.length > inspectionHistory) {
      watched.records.splice(0, watched.records.length - inspectionHistory);
    }
    const frame = JSON.stringify({
      jsonrpc: '2.0',
      method: 'inspect',
      params: { agent, records: stamped },
    });
    for (const client of watched.watchers) client.send(frame);
  }

  async #release(agent: string, client: InspectClient): Promise<void> {
    const watched = this.#watched.get(agent);
    if (!watched?.watchers.delete(client) || watched.watchers.size > 0) return;
    this.#watched.delete(agent);
    await this.supervisor.conversationWorker(agent)?.call((api) => api.inspect(false));
  }

  #requireAgent(agent: string): void {
    if (!this.supervisor.has(agent)) {
      throw new ServiceError(
        'unknown-agent',
        translate(this.language(), 'error.unknownAgent', { name: agent }),
      );
    }
  }
}

const canSend = (caller?: Partial<InspectClient>): caller is InspectClient =>
  typeof caller?.send === 'function';
