import type { AnyMessage, SessionUpdate, Stream } from '@agentclientprotocol/sdk';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Longest line kept from an agent's stdout or stderr; a flood of one endless line is cut here. */
export const maxLineLength = 16 * 1024 * 1024;

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
  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      const lines = createInterface({ input: stdout, crlfDelay: Infinity });
      lines.on('line', (line) => {
        if (line.trim() === '') return;
        const message = line.length <= maxLineLength ? parseMessage(line) : undefined;
        if (!message || isUnknownUpdate(message)) {
          onStrayLine(line.length <= maxLineLength ? line : `${line.slice(0, 200)}…`);
        } else if (open) {
          if (firstResult && 'id' in message && !('method' in message)) {
            firstResult('result' in message ? message.result : undefined);
            firstResult = undefined;
          }
          controller.enqueue(message);
        }
      });
      lines.on('close', () => {
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write: (message) =>
      new Promise<void>((resolve, reject) => {
        stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
      }),
  });
  return { readable, writable };
}
