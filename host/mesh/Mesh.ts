import { isDeepStrictEqual } from 'node:util';
import type { ChannelStatus } from '../../schema/config.ts';
import type { MeshDirectory, MeshMessage } from '../../schema/mesh.ts';
import type { LocalMesh } from './LocalMesh.ts';
import type { MeshChannel, MeshSend, MeshSendOutcome } from './MeshChannel.ts';
import { NatsChannel, type ChannelDefinition } from './NatsChannel.ts';

/**
 * The agent mesh as the host's agents see it: this machine alone (`local`) while the
 * configuration names no channel, otherwise its channels. With several channels, `agents_list`
 * shows the machines of all of them, a message goes through the first channel where its target
 * machine is alive, and an inbox gathers what came through any of them.
 */
export class Mesh implements MeshChannel {
  #channels: NatsChannel[] = [];
  #definitions: ChannelDefinition[] = [];
  /** When each of this host's agents last checked in: one that comes alive is a change. */
  readonly #checkedIn = new Map<string, number>();

  constructor(
    private readonly local: LocalMesh,
    private readonly ttlMs: number,
    /** A channel connected, lost its server, or the channels changed. */
    private readonly onChange: () => void = () => {},
  ) {}

  /** Applies the configuration's channels; unchanged ones keep their connection. */
  configure(definitions: ChannelDefinition[]): void {
    if (isDeepStrictEqual(definitions, this.#definitions)) return;
    const previous = this.#channels;
    this.#definitions = definitions;
    this.#channels = definitions.map(
      (definition) =>
        previous.find((channel) => isDeepStrictEqual(channel.definition, definition)) ??
        new NatsChannel(definition, this.ttlMs, this.onChange),
    );
    for (const channel of previous) if (!this.#channels.includes(channel)) void channel.close();
    this.onChange();
  }

  statuses(): ChannelStatus[] {
    return this.#channels.map((channel) => channel.status());
  }

  get machine(): string {
    return this.#channels[0]?.machine ?? this.local.machine;
  }

  async checkIn(agent: string): Promise<void> {
    await Promise.all(this.#active().map((channel) => channel.checkIn(agent)));
    const last = this.#checkedIn.get(agent);
    this.#checkedIn.set(agent, Date.now());
    if (last === undefined || Date.now() - last >= this.ttlMs) this.onChange();
  }

  async directory(agent: string): Promise<MeshDirectory> {
    const directories = await Promise.all(
      this.#active().map((channel) => channel.directory(agent)),
    );
    const machines = new Map<string, Set<string>>();
    for (const { machines: listed } of directories) {
      for (const { handle, agents } of listed) {
        const known = machines.get(handle) ?? new Set<string>();
        for (const name of agents) known.add(name);
        machines.set(handle, known);
      }
    }
    return {
      self: { machine: this.machine, agent_id: agent },
      machines: [...machines].map(([handle, agents]) => ({ handle, agents: [...agents] })),
    };
  }

  async send(message: MeshSend): Promise<MeshSendOutcome> {
    const channels = this.#active();
    let outcome: MeshSendOutcome | undefined;
    for (const channel of channels) {
      const from = { ...message.from, machine: channel.machine };
      outcome = await channel.send({ ...message, from });
      // A machine unknown to this channel may be alive in the next one.
      if (outcome.ok || channel === channels.at(-1)) return outcome;
      const directory = await channel.directory(message.from.agent_id);
      if (directory.machines.some(({ handle }) => handle === message.to)) return outcome;
    }
    return outcome!;
  }

  async collect(agent: string): Promise<MeshMessage[]> {
    const inboxes = await Promise.all(this.#active().map((channel) => channel.collect(agent)));
    return inboxes.flat().sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  }

  async close(): Promise<void> {
    await Promise.all([...this.#channels.map((channel) => channel.close()), this.local.close()]);
  }

  #active(): MeshChannel[] {
    return this.#channels.length > 0 ? this.#channels : [this.local];
  }
}
