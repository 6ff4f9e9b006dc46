/**
 * From ACP's session updates to Switchboard's message model (REFERENCE.md "Messages",
 * CONTRACT.md §5). See protocol docs: https://agentclientprotocol.com/protocol/v1/prompt-turn
 * and https://agentclientprotocol.com/protocol/v1/tool-calls
 */
import type {
  AvailableCommand,
  ContentBlock,
  PlanEntry,
  SessionConfigOption,
  SessionModeState,
  ToolCall,
  ToolCallContent,
  ToolCallUpdate,
} from '@agentclientprotocol/sdk';
import type {
  AgentCommand,
  ConfigOptionView,
  FileDiff,
  SessionModes,
  PlanEntryView,
  ToolCallView,
  ToolKind,
} from '../schema/conversation.ts';

const toolKinds: ReadonlySet<string> = new Set<ToolKind>([
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'other',
]);

/** ACP's kinds beyond REFERENCE.md's (`switch_mode`, future ones) are `other`. */
const toolKind = (kind: string | null | undefined): ToolKind =>
  kind && toolKinds.has(kind) ? (kind as ToolKind) : 'other';

/** Compact JSON of what an agent gave, `''` when it gave nothing. */
export const compactJson = (value: unknown): string =>
  value === undefined || value === null ? '' : (JSON.stringify(value) ?? '');

/** A content block as Markdown text: what is not text is named, not dropped silently. */
export function contentText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'resource_link':
      return `[${block.title ?? block.name}](${block.uri})`;
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[${block.resource.uri}]`;
    case 'image':
      return '[image]';
    case 'audio':
      return '[audio]';
  }
}

const toolOutput = (content: readonly ToolCallContent[], rawOutput: unknown): string => {
  const texts = content.flatMap((item) =>
    item.type === 'content' ? [contentText(item.content)] : [],
  );
  return texts.length > 0 ? texts.join('\n') : compactJson(rawOutput);
};

const toolDiffs = (content: readonly ToolCallContent[]): FileDiff[] =>
  content.flatMap((item) =>
    item.type === 'diff'
      ? [
          {
            path: item.path,
            oldText: item.oldText ?? '',
            newText: item.newText,
            newFile: item.oldText === null || item.oldText === undefined,
          },
        ]
      : [],
  );

/** A tool call with nothing known about it yet. */
export const blankTool = (id: string): ToolCallView => ({
  id,
  title: '',
  kind: 'other',
  status: 'pending',
  input: '',
  output: '',
  locations: [],
  diffs: [],
});

/**
 * A tool call after `update` (a `tool_call`, or a `tool_call_update` where only the fields present
 * change: https://agentclientprotocol.com/protocol/v1/tool-calls#updating).
 */
export function mergeTool(
  previous: ToolCallView | undefined,
  update: ToolCall | ToolCallUpdate,
): ToolCallView {
  const tool = { ...(previous ?? blankTool(update.toolCallId)) };
  if (update.title !== undefined && update.title !== null) tool.title = update.title;
  if (update.kind !== undefined && update.kind !== null) tool.kind = toolKind(update.kind);
  if (update.status !== undefined && update.status !== null) tool.status = update.status;
  if (update.rawInput !== undefined) tool.input = compactJson(update.rawInput);
  if (update.content !== undefined && update.content !== null) {
    tool.output = toolOutput(update.content, update.rawOutput);
    tool.diffs = toolDiffs(update.content);
  } else if (update.rawOutput !== undefined) {
    tool.output = compactJson(update.rawOutput);
  }
  if (update.locations !== undefined && update.locations !== null) {
    tool.locations = update.locations.map(({ path, line }) =>
      line === undefined || line === null ? { path } : { path, line },
    );
  }
  return tool;
}

export const planEntries = (entries: readonly PlanEntry[]): PlanEntryView[] =>
  entries.map(({ content, priority, status }) => ({ content, priority, status }));

export const agentCommands = (commands: readonly AvailableCommand[]): AgentCommand[] =>
  commands.map(({ name, description, input }) =>
    input?.hint ? { name, description, hint: input.hint } : { name, description },
  );

/** The session's modes as `Conversation().modes` shows them (`null`: the agent offers none). */
export function sessionModes(state: SessionModeState | null | undefined): SessionModes | null {
  if (!state) return null;
  return {
    current: state.currentModeId,
    available: state.availableModes.map(({ id, name, description }) => ({
      id,
      name,
      description: description ?? '',
    })),
  };
}

/** The session's config options as `Conversation().options` shows them; groups flattened. */
export function configOptions(
  options: readonly SessionConfigOption[] | null | undefined,
): ConfigOptionView[] {
  return (options ?? []).map((option): ConfigOptionView => {
    const shared = { id: option.id, name: option.name, category: option.category ?? 'other' };
    if (option.type === 'boolean') {
      return { ...shared, type: 'boolean', current: option.currentValue, values: [] };
    }
    const values = option.options.flatMap((entry) => ('group' in entry ? entry.options : [entry]));
    return {
      ...shared,
      type: 'select',
      current: option.currentValue,
      values: values.map(({ value, name }) => ({ value, name })),
    };
  });
}
