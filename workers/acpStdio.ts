import type { AnyMessage, SessionUpdate, Stream } from '@agentclientprotocol/sdk';
import type { Readable, Writable } from 'node:stream';
import { readBoundedLines, type OversizedLine } from './boundedLines.ts';
import { frameIdentity, type FrameId } from './oversizedFrame.ts';

/** Longest line kept from an agent's stdout or stderr; a flood of one endless line is cut here. */
export const maxLineLength = 16 * 1024 * 1024;

/**
 * The `data` of the error a request of ours fails with when the agent sent a frame over
 * {@link maxLineLength} (`conversationLink` says it in the user's language).
 */
export interface OversizedError {
  kind: 'oversized';
  bytes: number;
}

const isJsonRpc = (value: unknown): value is AnyMessage =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (value as { jsonrpc?: unknown }).jsonrpc === '2.0';

/** The kinds of `session/update` the SDK knows (2.4.0): it refuses any other, on stderr. */
const updateKinds = [
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
] as const satisfies readonly SessionUpdate['sessionUpdate'][];
/** Fails to compile when a newer SDK knows a kind the list lacks. */
const everyKind: Exclude<SessionUpdate['sessionUpdate'], (typeof updateKinds)[number]> extends never
  ? true
  : never = true;
const knownUpdates = everyKind && new Set<string>(updateKinds);

/** A `session/update` of a kind the SDK does not know (a newer agent's, or a broken one). */
const isUnknownUpdate = (message: AnyMessage): boolean => {
  if (!('method' in message) || message.method !== 'session/update' || 'id' in message) {
    return false;
  }
  const { update } = (message.params ?? {}) as { update?: { sessionUpdate?: unknown } };
  return !knownUpdates.has(String(update?.sessionUpdate));
};

/** A request of ours the agent has not answered yet. */
interface Asked {
  method: string;
  sessionId: unknown;
}

const parseMessage = (line: string): AnyMessage | undefined => {
  try {
    const value: unknown = JSON.parse(line);
    return isJsonRpc(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The ACP stream of an agent process: JSON-RPC messages, one per line, over its stdio
 * (https://agentclientprotocol.com/protocol/v1/transports#stdio).
 *
 * A line on stdout that is not a JSON-RPC message is handed to `onStrayLine` and otherwise
 * ignored: agents that print banners or debug output still work, and nothing is answered to them.
 * So is a `session/update` of a kind the SDK does not know, which it would refuse on stderr.
 * The first response (`initialize`'s, the first request sent) goes to `onFirstResult` as the
 * agent wrote it (its `result`, `undefined` for an error), before the SDK's schema drops what it
 * does not know.
 *
 * A frame over {@link maxLineLength} is never held whole. Its id is read from its ends when they
 * say it: a request is answered an error, a response fails our request. Any turn in progress
 * (`session/prompt` unanswered) fails with an {@link OversizedError} and is cancelled: the agent
 * may wait for what it asked, or we for what it answered, and the turn must end saying why.
 */
export function acpStdio(
  stdin: Writable,
  stdout: Readable,
  onStrayLine: (line: string) => void,
  onFirstResult?: (result: unknown) => void,
): Stream {
  let firstResult = onFirstResult;
  // The connection may cancel its side first (it closes when the process exits): after that,
  // lines still buffered are dropped rather than pushed into a closed stream.
  let open = true;
  const asked = new Map<FrameId, Asked>();
  /** Our requests failed for an oversized frame: the agent's late answers to them are dropped. */
  const failed = new Set<FrameId>();
  const send = (message: AnyMessage) => stdin.write(`${JSON.stringify(message)}\n`);
  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      const oversized = (line: OversizedLine) => {
        onStrayLine(`${line.head.slice(0, 200)}… (${line.bytes} bytes, over the limit)`);
        if (!open) return;
        const { kind, id } = frameIdentity(line);
        const error = (message: string) => ({
          code: -32600,
          message,
          data: { kind: 'oversized', bytes: line.bytes },
        });
        if (kind === 'request' && id !== undefined) {
          send({
            jsonrpc: '2.0',
            id,
            error: error(
              `Invalid request: ${line.bytes} bytes, over the client's limit of ${maxLineLength}`,
            ),
          });
        }
        const answered = kind === 'response' && id !== undefined && asked.has(id) ? [id] : [];
        const prompts = [...asked].filter(([, { method }]) => method === 'session/prompt');
        for (const failedId of new Set([...answered, ...prompts.map(([promptId]) => promptId)])) {
          asked.delete(failedId);
          failed.add(failedId);
          controller.enqueue({ jsonrpc: '2.0', id: failedId, error: error('Oversized message') });
        }
        for (const [, { sessionId }] of prompts) {
          send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
        }
      };
      readBoundedLines(stdout, maxLineLength, {
        line: (line) => {
          if (line.trim() === '') return;
          const message = parseMessage(line);
          if (!message || isUnknownUpdate(message)) return onStrayLine(line);
          if (!open) return;
          if ('id' in message && !('method' in message)) {
            asked.delete(message.id as FrameId);
            if (failed.delete(message.id as FrameId)) return;
            firstResult?.('result' in message ? message.result : undefined);
            firstResult = undefined;
          }
          controller.enqueue(message);
        },
        oversized,
        end: () => {
          if (open) controller.close();
          open = false;
        },
      });
    },
    cancel() {
      open = false;
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write: (message) =>
      new Promise<void>((resolve, reject) => {
        if ('id' in message && 'method' in message && message.id !== null) {
          const { sessionId } = (message.params ?? {}) as { sessionId?: unknown };
          asked.set(message.id, { method: message.method, sessionId });
        }
        stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
      }),
  });
  return { readable, writable };
}
