import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
} from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, credsAuthenticator, nanos, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ChannelStatus } from '../../schema/config.ts';
import type { MeshDirectory, MeshMessage } from '../../schema/mesh.ts';
import type { MeshChannel, MeshSend, MeshSendOutcome } from './MeshChannel.ts';

/** A channel of the configuration, resolved: `machine` defaulted, `creds` an absolute path. */
export interface ChannelDefinition {
  name: string;
  nats: string;
  machine: string;
  user?: string;
  password?: string;
  creds?: string;
}

/** How long a message waits for its recipient's poll before the server drops it. */
const keepMessagesNs = nanos(7 * 24 * 3_600_000);
/** The largest batch one `agent_inbox` takes. */
const maxBatch = 256;

/**
 * A name part that NATS accepts in a subject, a stream, a consumer and a bucket: letters and
 * digits kept, every other byte `_` and its hex (so two different names never meet).
 */
const token = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `_${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Where a presence lives in the bucket, and what it says. */
interface Presence {
  machine: string;
  agent: string;
}

/**
 * The agent mesh over a NATS server with JetStream, shared by the hosts of one channel:
 * - inboxes are one stream (`SWITCHBOARD_<channel>`, work-queue retention), a subject per machine
 *   and agent, read by one durable pull consumer per agent: a message stays on the server until
 *   its recipient's `agent_inbox` acknowledges it;
 * - presence is a KV bucket whose entries live `ttlMs`: each check-in writes the agent's key.
 *
 * It connects in the background and keeps reconnecting; `state` says where it is. The
 * credentials are handed to the client only, never logged.
 */
export class NatsChannel implements MeshChannel {
  readonly machine: string;
  #state: ChannelStatus['state'] = 'connecting';
  #error: string | undefined;
  #connection: NatsConnection | undefined;
  #ready: Promise<{ js: JetStreamClient; kv: KV }> | undefined;
  #closed = false;
  readonly #stream: string;
  readonly #subjects: string;

  constructor(
    readonly definition: ChannelDefinition,
    private readonly ttlMs: number,
    private readonly onChange: () => void = () => {},
  ) {
    this.machine = definition.machine;
    this.#stream = `SWITCHBOARD_${token(definition.name)}`;
    this.#subjects = `switchboard.${token(definition.name)}.inbox`;
    this.#ready = this.#open();
    // A failure is reported through `status()` and each tool call, not as an unhandled rejection.
    this.#ready.catch(() => {});
  }

  status(): ChannelStatus {
    const { name, nats, machine } = this.definition;
    return {
      name,
      nats,
      machine,
      state: this.#state,
      ...(this.#error ? { error: this.#error } : {}),
    };
  }

  async checkIn(agent: string): Promise<void> {
    const { kv } = await this.#use();
    const presence: Presence = { machine: this.machine, agent };
    await kv.put(this.#presenceKey(this.machine, agent), JSON.stringify(presence));
  }

  async directory(agent: string): Promise<MeshDirectory> {
    const machines = await this.#alive();
    return {
      self: { machine: this.machine, agent_id: agent },
      machines: [...machines].map(([handle, agents]) => ({ handle, agents })),
    };
  }

  async send({ from, to, toAgent, msgType, payload }: MeshSend): Promise<MeshSendOutcome> {
    const { js } = await this.#use();
    const machines = await this.#alive();
    const alive = machines.get(to);
    if (!alive)
      return { ok: false, notFound: { status: 404, machine: to, alive: [...machines.keys()] } };
    if (toAgent !== undefined && !alive.includes(toAgent)) {
      return { ok: false, notFound: { status: 404, machine: to, alive } };
    }
    const recipients =
      toAgent !== undefined
        ? [toAgent]
        : alive.filter((agent) => !(to === from.machine && agent === from.agent_id));
    const message: MeshMessage = {
      id: randomUUID(),
      from,
      msg_type: msgType,
      payload,
      sent_at: new Date().toISOString(),
    };
    for (const recipient of recipients) {
      // Stored on the server before the sender hears it was sent; a retry is not stored twice.
      await js.publish(this.#inbox(to, recipient), JSON.stringify(message), {
        msgID: `${message.id}:${recipient}`,
      });
    }
    return { ok: true, delivery: { message_id: message.id, delivered_to: recipients }, message };
  }

  async collect(agent: string): Promise<MeshMessage[]> {
    const { js } = await this.#use();
    const durable = `inbox-${token(this.machine)}-${token(agent)}`;
    const manager = await jetstreamManager(this.#connection!);
    await manager.consumers.add(this.#stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.#inbox(this.machine, agent),
    });
    const consumer = await js.consumers.get(this.#stream, durable);
    const { num_pending: pending } = await consumer.info();
    if (pending === 0) return [];
    const wanted = Math.min(pending, maxBatch);
    const messages: MeshMessage[] = [];
    for await (const delivered of await consumer.fetch({ max_messages: wanted, expires: 2_000 })) {
      messages.push(delivered.json<MeshMessage>());
      // Acknowledged on the server before the agent gets it: it is never handed out twice.
      await delivered.ackAck();
      if (messages.length === wanted) break;
    }
    return messages;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#connection?.close().catch(() => {});
  }

  async #open(): Promise<{ js: JetStreamClient; kv: KV }> {
    const { nats, user, password, creds, machine, name } = this.definition;
    try {
      const connection = await connect({
        servers: nats,
        name: `switchboard ${machine} (${name})`,
        ...(user !== undefined ? { user, pass: password } : {}),
        ...(creds !== undefined ? { authenticator: credsAuthenticator(readFileSync(creds)) } : {}),
        // A server that is down when the host starts is waited for, as one that goes away later.
        waitOnFirstConnect: true,
        maxReconnectAttempts: -1,
      });
      this.#connection = connection;
      if (this.#closed) await connection.close();
      void this.#follow(connection);
      const manager = await jetstreamManager(connection);
      await manager.streams.add({
        name: this.#stream,
        subjects: [`${this.#subjects}.>`],
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
        max_age: keepMessagesNs,
      });
      const js = jetstream(connection);
      const kv = await new Kvm(js).create(`switchboard-${token(name)}-presence`, {
        ttl: this.ttlMs,
        history: 1,
      });
      this.#setState('connected');
      return { js, kv };
    } catch (error) {
      this.#setState('failed', error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Follows the connection's status until it is closed. */
  async #follow(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnecting') {
        this.#setState('reconnecting');
      } else if (status.type === 'reconnect') {
        this.#setState('connected');
      }
    }
    this.#setState('closed');
  }

  #setState(state: ChannelStatus['state'], error?: string): void {
    this.#state = state;
    this.#error = error;
    this.onChange();
  }

  /** The open channel, or a clear error at once while it is not. */
  async #use(): Promise<{ js: JetStreamClient; kv: KV }> {
    if (this.#state !== 'connected') {
      const { name, nats } = this.definition;
      const why = this.#error ? `: ${this.#error}` : '';
      throw new Error(`the channel ${name} (${nats}) is not connected (${this.#state}${why})`);
    }
    return this.#ready!;
  }

  /** The live agents, by machine handle, this machine first. */
  async #alive(): Promise<Map<string, string[]>> {
    const { kv } = await this.#use();
    const machines = new Map<string, string[]>([[this.machine, []]]);
    for await (const key of await kv.keys()) {
      const entry = await kv.get(key);
      if (!entry || entry.operation !== 'PUT') continue;
      const { machine, agent } = entry.json<Presence>();
      machines.set(machine, [...(machines.get(machine) ?? []), agent]);
    }
    return machines;
  }

  #presenceKey(machine: string, agent: string): string {
    return `${token(machine)}.${token(agent)}`;
  }

  #inbox(machine: string, agent: string): string {
    return `${this.#subjects}.${token(machine)}.${token(agent)}`;
  }
}
