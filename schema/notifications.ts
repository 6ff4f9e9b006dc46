/**
 * What a device is told about while nobody looks (issue 16, CONTRACT.md §9): an agent asks for a
 * permission, finishes a turn, or crashes. The host decides it for Web Push and the app for its
 * own system notifications, from the same events, with the same function.
 */
import type { HostEvent } from './events.ts';

export type NoticeKind = 'permission' | 'turn' | 'failed' | 'crash';

/** One thing to tell the user about. */
export interface Notice {
  kind: NoticeKind;
  agent: string;
  /**
   * Tells this notice from every other one: a device shows each once, however often a
   * reconnection replays its event (`permission:<id>`, `turn:<message id>`, `crash:<agent>:<seq>`).
   */
  key: string;
  /** The system notification's tag: one with the same tag replaces it rather than adds to it. */
  tag: string;
  /** What to say besides the agent's name: the tool's title, the answer's first words, the error. */
  detail: string;
  /** For `permission`: the request's id, to check it still waits before telling. */
  request?: string;
}

/** The route of an agent's chat in the app (`useRoute.ts`). */
export const chatRoute = (agent: string): string => `#/chat/${encodeURIComponent(agent)}`;

/** The most a notice's detail says. */
export const detailLength = 140;

/**
 * The notice an event calls for, if any. `seq` is the event's on the wire (a crash has no id of
 * its own); the host, which has none yet when it publishes, leaves it out.
 *
 * @example
 * noticeOf({ name: 'agent:state', data: { agent: 'a', state: 'error', error: 'exit code 3', outdated: false } }, 42)
 * // { kind: 'crash', agent: 'a', key: 'crash:a:42', tag: 'crash:a', detail: 'exit code 3' }
 */
export function noticeOf(event: HostEvent, seq?: number): Notice | undefined {
  switch (event.name) {
    case 'permission:requested': {
      const { id, agent, toolCall } = event.data;
      const key = `permission:${id}`;
      return {
        kind: 'permission',
        agent,
        key,
        tag: key,
        detail: short(toolCall.title),
        request: id,
      };
    }
    case 'message:updated': {
      const { agent, message } = event.data;
      if (message.role !== 'agent' || !message.done) return undefined;
      // Cancelled by the user, who is therefore there: nothing to tell.
      if (message.stopReason === 'cancelled' || message.error === 'cancelled') return undefined;
      const key = `turn:${message.id}`;
      const text = message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
      return message.error === undefined
        ? { kind: 'turn', agent, key, tag: key, detail: short(text.join(' ')) }
        : { kind: 'failed', agent, key, tag: key, detail: short(message.error) };
    }
    case 'agent:state': {
      const { agent, state, error } = event.data;
      if (state !== 'error') return undefined;
      return {
        kind: 'crash',
        agent,
        key: `crash:${agent}:${seq ?? 'now'}`,
        tag: `crash:${agent}`,
        detail: short(error ?? ''),
      };
    }
    default:
      return undefined;
  }
}

/** The first words of `text`, on one line. */
function short(text: string): string {
  const line = text
    .replace(/[#*_`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > detailLength ? `${line.slice(0, detailLength - 1)}…` : line;
}

/** What a Web Push carries to the service worker (encrypted end to end, RFC 8291). */
export interface PushPayload {
  kind: NoticeKind;
  agent: string;
  /** The notification's title and body, in the configuration's language. */
  title: string;
  body: string;
  tag: string;
  /** Where a click leads: the agent's chat. */
  url: string;
  /** How many permission requests wait, for the installed app's badge. */
  waiting: number;
}
