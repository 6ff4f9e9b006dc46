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
  TerminalView,
  ToolCallView,
  ToolImage,
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
const compactJson = (value: unknown): string =>
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

/** The most of a tool call's images kept: they travel in every snapshot of the conversation. */
const imageLimits = { count: 4, base64: 2_000_000 };
const imageTypes: ReadonlySet<string> = new Set<ToolImage['mimeType']>([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/** An image block Switchboard shows: a known type, base64, within the limits. */
const shownImage = (block: ContentBlock): ToolImage | undefined =>
  block.type === 'image' &&
  imageTypes.has(block.mimeType) &&
  block.data.length <= imageLimits.base64 &&
  /^[A-Za-z0-9+/]*={0,2}$/.test(block.data)
    ? { mimeType: block.mimeType as ToolImage['mimeType'], data: block.data }
    : undefined;

const toolImages = (content: readonly ToolCallContent[]): ToolImage[] =>
  content
    .flatMap((item) => {
      const image = item.type === 'content' ? shownImage(item.content) : undefined;
      return image ? [image] : [];
    })
    .slice(0, imageLimits.count);

/** The text of a tool call's content; images shown as images are not named in it. */
const toolOutput = (content: readonly ToolCallContent[], rawOutput: unknown): string => {
  const texts = content.flatMap((item) =>
    item.type === 'content' && !shownImage(item.content) ? [contentText(item.content)] : [],
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

/** The terminal of an id, as the agent's run holds it (`undefined`: not one of its own). */
export type TerminalLookup = (terminalId: string) => TerminalView | undefined;

/** A terminal named by a tool call before (or after) the run knew it: no output yet. */
const unknownTerminal = (id: string): TerminalView => ({
  id,
  command: '',
  output: '',
  exitCode: null,
  signal: null,
  truncated: false,
});

/** The terminals a tool call's content shows, as `previous` showed them when the run has let go. */
const toolTerminals = (
  content: readonly ToolCallContent[],
  previous: readonly TerminalView[],
  terminal: TerminalLookup,
): TerminalView[] =>
  content.flatMap((item) =>
    item.type === 'terminal'
      ? [
          terminal(item.terminalId) ??
            previous.find((shown) => shown.id === item.terminalId) ??
            unknownTerminal(item.terminalId),
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
  terminal: TerminalLookup = () => undefined,
): ToolCallView {
  const tool = { ...(previous ?? blankTool(update.toolCallId)) };
  if (update.title !== undefined && update.title !== null) tool.title = update.title;
  if (update.kind !== undefined && update.kind !== null) tool.kind = toolKind(update.kind);
  if (update.status !== undefined && update.status !== null) tool.status = update.status;
  if (update.rawInput !== undefined) tool.input = compactJson(update.rawInput);
  if (update.content !== undefined && update.content !== null) {
    tool.output = toolOutput(update.content, update.rawOutput);
    tool.diffs = toolDiffs(update.content);
    const images = toolImages(update.content);
    if (images.length > 0) tool.images = images;
    else delete tool.images;
    const terminals = toolTerminals(update.content, tool.terminals ?? [], terminal);
    if (terminals.length > 0) tool.terminals = terminals;
    else delete tool.terminals;
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
