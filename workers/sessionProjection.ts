/**
 * What one ACP `session/update` makes of a conversation (REFERENCE.md "Messages", CONTRACT.md §5):
 * the conversation events it stands for, given the agent message it extends. Pure: the conversation
 * applies and emits what it returns. See https://agentclientprotocol.com/protocol/v1/prompt-turn
 */
import type {
  ContentBlock,
  PlanEntry,
  SessionNotification,
  ToolCall,
  ToolCallUpdate,
} from '@agentclientprotocol/sdk';
import type {
  ChatMessage,
  ConversationEvent,
  MessagePart,
  SessionView,
  ToolCallView,
} from '../schema/conversation.ts';
import {
  agentCommands,
  configOptions,
  contentText,
  mergeTool,
  planEntries,
  type TerminalLookup,
} from './messageModel.ts';
import {
  compactionChunkEvents,
  compactionEvents,
  noticeEvents,
  type NotesContext,
} from './sessionNotes.ts';

type SessionUpdate = SessionNotification['update'];

/** What an update makes: its events, or nothing the message model shows yet (`shown: false`). */
export interface Projection {
  events: ConversationEvent[];
  shown: boolean;
}

/** What an update may need of the conversation besides the answer it extends. */
export interface ProjectionContext extends NotesContext {
  /**
   * What the session offers and says of itself now (asked only by the updates that change it:
   * not by each chunk of an answer).
   */
  session(): SessionView;
  terminal?: TerminalLookup;
}

/** `message` is the agent message of the turn in progress, while it still arrives. */
export function projectUpdate(
  message: ChatMessage | undefined,
  update: SessionUpdate,
  context: ProjectionContext,
): Projection {
  const { agent } = context;
  const shown = (events: ConversationEvent[]): Projection => ({ events, shown: true });
  const changed = (change: Partial<SessionView>) =>
    shown([{ name: 'session:changed', data: { agent, ...context.session(), ...change } }]);
  switch (update.sessionUpdate) {
    case 'agent_message_chunk':
      return shown(appendText(agent, message, 'text', update.content));
    case 'agent_thought_chunk':
      return shown(appendText(agent, message, 'thought', update.content));
    case 'tool_call':
    case 'tool_call_update':
      return shown(projectTool(agent, message, update, context.terminal).events);
    case 'plan':
      return shown(setPlan(agent, message, update.entries));
    case 'usage_update': {
      const { used, size, cost } = update;
      const usage = cost
        ? { used, size, cost: { amount: cost.amount, currency: cost.currency } }
        : { used, size };
      return shown([{ name: 'usage:changed', data: { agent, usage } }]);
    }
    case 'notice':
      return shown(noticeEvents(context, update));
    case 'compaction_update':
      return shown(compactionEvents(context, update));
    case 'compaction_summary_chunk':
      return shown(compactionChunkEvents(context, update));
    case 'available_commands_update':
      return shown([
        {
          name: 'commands:changed',
          data: { agent, commands: agentCommands(update.availableCommands) },
        },
      ]);
    case 'session_info_update':
      return typeof update.title === 'string'
        ? changed({ title: update.title })
        : { events: [], shown: false };
    case 'current_mode_update': {
      const { modes } = context.session();
      return modes
        ? changed({ modes: { ...modes, current: update.currentModeId } })
        : { events: [], shown: false };
    }
    case 'config_option_update':
      return changed({ options: configOptions(update.configOptions) });
    default:
      return { events: [], shown: false };
  }
}

function appendText(
  agent: string,
  message: ChatMessage | undefined,
  kind: 'text' | 'thought',
  content: ContentBlock,
): ConversationEvent[] {
  const text = contentText(content);
  if (!message || text === '') return [];
  const last = message.parts.length - 1;
  if (message.parts[last]?.kind === kind) {
    return [
      {
        name: 'message:delta',
        data: { agent, messageId: message.id, kind, index: last, text },
      },
    ];
  }
  return [setPart(agent, message, message.parts.length, { kind, text })];
}

/** The tool call after `update` (as a permission request shows it), and the part it changes. */
export function projectTool(
  agent: string,
  message: ChatMessage | undefined,
  update: ToolCall | ToolCallUpdate,
  terminal?: TerminalLookup,
): { tool: ToolCallView; events: ConversationEvent[] } {
  const index = message
    ? message.parts.findIndex((part) => part.kind === 'tool' && part.tool.id === update.toolCallId)
    : -1;
  const previous = message?.parts[index];
  const tool = mergeTool(previous?.kind === 'tool' ? previous.tool : undefined, update, terminal);
  const part: MessagePart = { kind: 'tool', tool };
  if (!message || JSON.stringify(previous) === JSON.stringify(part)) return { tool, events: [] };
  return {
    tool,
    events: [setPart(agent, message, index === -1 ? message.parts.length : index, part)],
  };
}

function setPlan(
  agent: string,
  message: ChatMessage | undefined,
  entries: readonly PlanEntry[],
): ConversationEvent[] {
  if (!message) return [];
  const index = message.parts.findIndex((part) => part.kind === 'plan');
  return [
    setPart(agent, message, index === -1 ? message.parts.length : index, {
      kind: 'plan',
      entries: planEntries(entries),
    }),
  ];
}

const setPart = (
  agent: string,
  message: ChatMessage,
  index: number,
  part: MessagePart,
): ConversationEvent => ({
  name: 'message:delta',
  data: { agent, messageId: message.id, index, kind: part.kind, part },
});

/**
 * A write the agent made through `fs/write_text_file`, as a tool call of the arriving answer
 * (`id`, an `edit` with its diff), unless a tool call of that answer already shows it.
 */
export function writeShown(
  message: ChatMessage | undefined,
  id: string,
  path: string,
  oldText: string | null,
  newText: string,
): ToolCall | undefined {
  if (!message) return undefined;
  const shown = message.parts.some(
    (part) =>
      part.kind === 'tool' &&
      part.tool.diffs.some((diff) => diff.path === path && diff.newText === newText),
  );
  if (shown) return undefined;
  return {
    toolCallId: id,
    title: path,
    kind: 'edit',
    status: 'completed',
    content: [{ type: 'diff', path, oldText, newText }],
    locations: [{ path }],
  };
}
