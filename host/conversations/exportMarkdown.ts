/**
 * `ChatService.Export(agent, id)` (CONTRACT.md §6): a stored conversation as Markdown a person can
 * read, keep or paste elsewhere.
 */
import type {
  ChatMessage,
  FileDiff,
  MessagePart,
  PlanEntryView,
  StopReason,
  ToolCallView,
  ToolStatus,
} from '../../schema/conversation.ts';
import { translate, type Language, type MessageKey } from '../i18n.ts';
import type { StoredConversation } from './ConversationDatabase.ts';
import { inertHtml } from './inertHtml.ts';

type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

const toolStatusKeys: Record<ToolStatus, MessageKey> = {
  pending: 'export.tool.pending',
  in_progress: 'export.tool.in_progress',
  completed: 'export.tool.completed',
  failed: 'export.tool.failed',
};

const stopReasonKeys: Record<StopReason, MessageKey> = {
  end_turn: 'export.stop.end_turn',
  cancelled: 'export.stop.cancelled',
  max_tokens: 'export.stop.max_tokens',
  max_turn_requests: 'export.stop.max_turn_requests',
  refusal: 'export.stop.refusal',
};

/** Lines of context a diff shows around its change, as `diff -u` does. */
const contextLines = 3;

/**
 * The conversation as Markdown: its title, then each message under a heading that says who wrote
 * it and when, its parts, and what ended it.
 *
 * @example
 * exportMarkdown(database.get(id)!, 'fr') // '# Corriger le test\n\nUne conversation avec claude…'
 */
export function exportMarkdown(
  stored: Pick<StoredConversation, 'agent' | 'conversation' | 'createdAt'>,
  language: Language,
): string {
  const words: Words = (key, values) => translate(language, key, values);
  const { conversation, agent } = stored;
  const blocks = [
    `# ${escapeInline(conversation.title || words('export.untitled'))}`,
    escapeInline(words('export.about', { agent, time: formatTime(stored.createdAt) })),
  ];
  for (const message of conversation.messages) {
    blocks.push(...messageBlocks(message, message.agent || agent, words));
  }
  return `${blocks.join('\n\n')}\n`;
}

function messageBlocks(message: ChatMessage, agent: string, words: Words): string[] {
  const who =
    message.role === 'user'
      ? words('export.user')
      : message.role === 'agent'
        ? agent
        : words('export.system');
  const blocks = [`## ${escapeInline(who)} · ${formatTime(message.createdAt)}`];
  for (const part of message.parts) blocks.push(...partBlocks(part, words));
  // The bytes of an image are the host's: the export names it.
  const attached = (message.attachments ?? []).map((attachment) =>
    attachment.kind === 'image'
      ? words('export.image', { type: attachment.mimeType, size: attachment.size })
      : words('export.file', { path: attachment.path }),
  );
  if (attached.length > 0)
    blocks.push(attached.map((line) => `- ${escapeInline(line)}`).join('\n'));
  const ending = endingOf(message, agent, words);
  if (ending !== undefined) blocks.push(`*${escapeInline(ending)}*`);
  return blocks;
}

function partBlocks(part: MessagePart, words: Words): string[] {
  switch (part.kind) {
    // The agent's Markdown kept, its raw HTML made text (the app shows it as text too).
    case 'text':
      return part.text.trim() === '' ? [] : [inertHtml(part.text.trimEnd())];
    case 'thought':
      return part.text.trim() === '' ? [] : [blockquote(inertHtml(part.text.trimEnd()))];
    case 'tool':
      return toolBlocks(part.tool, words);
    case 'plan':
      return [`**${words('export.plan')}**`, planList(part.entries, words)];
  }
}

function toolBlocks(tool: ToolCallView, words: Words): string[] {
  const status = words(toolStatusKeys[tool.status]);
  const blocks = [`### ${escapeInline(words('export.tool', { title: tool.title, status }))}`];
  if (tool.input !== '') blocks.push(`**${words('export.input')}**`, fenced(tool.input, 'json'));
  if (tool.output !== '') blocks.push(`**${words('export.output')}**`, fenced(tool.output, ''));
  for (const diff of tool.diffs) {
    const label = words(diff.newFile ? 'export.diffNewFile' : 'export.diff', { path: diff.path });
    blocks.push(`**${escapeInline(label)}**`, fenced(unifiedDiff(diff), 'diff'));
  }
  return blocks;
}

function planList(entries: readonly PlanEntryView[], words: Words): string {
  return entries
    .map((entry) => {
      const content = escapeInline(entry.content);
      if (entry.status === 'completed') return `- [x] ${content}`;
      if (entry.status === 'in_progress') {
        return `- [ ] ${words('export.planInProgress', { content })}`;
      }
      return `- [ ] ${content}`;
    })
    .join('\n');
}

/** What ended the message, as a sentence; `undefined` when nothing is worth saying. */
function endingOf(message: ChatMessage, agent: string, words: Words): string | undefined {
  if (message.code === 'agent-restarted') return words('export.code.restarted', { agent });
  if (message.code === 'agent-unavailable') {
    return words('export.code.unavailable', { agent, error: message.error ?? '' });
  }
  if (message.role === 'user' && message.error === 'cancelled') return words('export.cancelled');
  if (message.error !== undefined) return words('export.error', { error: message.error });
  if (message.stopReason !== undefined) return words(stopReasonKeys[message.stopReason]);
  if (!message.done) return words('export.arriving');
  return undefined;
}

/**
 * A unified diff of one file, in a single hunk: the lines common to the start and the end are
 * context, everything between is removed then added. Not minimal, always correct.
 */
function unifiedDiff(diff: FileDiff): string {
  const before = diff.newFile ? [] : linesOf(diff.oldText);
  const after = linesOf(diff.newText);
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const header = [`--- ${diff.newFile ? '/dev/null' : diff.path}`, `+++ ${diff.path}`];
  const removed = before.slice(head, before.length - tail);
  const added = after.slice(head, after.length - tail);
  if (removed.length === 0 && added.length === 0) return header.join('\n');
  const from = Math.max(0, head - contextLines);
  const leading = before.slice(from, head);
  const trailing = before.slice(before.length - tail, before.length - tail + contextLines);
  const oldCount = leading.length + removed.length + trailing.length;
  const newCount = leading.length + added.length + trailing.length;
  // A range of no lines names the line before it (GNU diff's convention).
  const oldStart = oldCount === 0 ? from : from + 1;
  const newStart = newCount === 0 ? from : from + 1;
  return [
    ...header,
    `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`,
    ...leading.map((line) => ` ${line}`),
    ...removed.map((line) => `-${line}`),
    ...added.map((line) => `+${line}`),
    ...trailing.map((line) => ` ${line}`),
  ].join('\n');
}

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `text` in a fenced block whose fence is longer than any run of backticks inside it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

function blockquote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Text that Markdown shows as it is, on one line: its markup characters escaped. */
function escapeInline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>#|]/g, '\\$&');
}

/** `2025-03-01 14:05:09 UTC`, or the text as it came when it is not a time. */
function formatTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
