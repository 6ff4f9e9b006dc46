import type { HostEvent } from '../../schema/events.ts';

/**
 * The wire frame of event `seq`: a JSON-RPC notification with method `event` (CONTRACT.md §3,
 * "Events are notifications with method `event`").
 */
export function eventFrame(seq: number, event: HostEvent): string {
  return notification(seq, event.name, event.data);
}

/**
 * The frame that tells a client its `?since=` cannot be served and that it must reload its
 * snapshots (CONTRACT.md §3). `seq` is the seq just before the next frame the client gets.
 */
export function resyncFrame(seq: number): string {
  return notification(seq, 'resync', {});
}

function notification(seq: number, name: string, data: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'event', params: { seq, name, data } });
}
