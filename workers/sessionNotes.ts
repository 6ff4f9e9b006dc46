/**
 * What an agent tells the user beside its answers, as system messages (`SystemCode`): its
 * notices (https://agentclientprotocol.com/rfds/session-notices) and the compactions of its
 * context, each a message of its own, updated in place by the compaction's later updates.
 */
import type { ContentBlock, SessionNotification } from '@agentclientprotocol/sdk';
import type {
  ChatMessage,
  ConversationEvent,
  MessagePart,
  NoticeSeverity,
} from '../schema/conversation.ts';
import { contentText } from './messageModel.ts';

type Update<Kind extends string> = Extract<SessionNotification['update'], { sessionUpdate: Kind }>;

/** Where a new system message comes from, and the compactions already shown. */
export interface NotesContext {
  agent: string;
  /** A new message's id and time; `compactionId` makes it that compaction's message. */
  newMessage(compactionId?: string): { id: string; createdAt: string };
  /** The message of compaction `compactionId`, once shown. */
  compaction(compactionId: string): ChatMessage | undefined;
}

const severities: ReadonlySet<string> = new Set<NoticeSeverity>(['info', 'warning', 'error']);

const systemMessage = (
  context: NotesContext,
  fields: Pick<ChatMessage, 'code' | 'parts' | 'done'> & Partial<ChatMessage>,
  compactionId?: string,
): ChatMessage => ({
  ...context.newMessage(compactionId),
  agent: context.agent,
  role: 'system',
  queued: false,
  ...fields,
});

const updated = (agent: string, message: ChatMessage): ConversationEvent => ({
  name: 'message:updated',
  data: { agent, message },
});

/** A `notice`: a system message of its title and description. */
export function noticeEvents(context: NotesContext, notice: Update<'notice'>): ConversationEvent[] {
  const texts = [notice.title, notice.description ?? ''].filter((text) => text !== '');
  const severity = severities.has(notice.severity) ? (notice.severity as NoticeSeverity) : 'info';
  const parts = texts.map((text): MessagePart => ({ kind: 'text', text }));
  return [
    updated(context.agent, systemMessage(context, { code: 'notice', parts, done: true, severity })),
  ];
}

const summaryParts = (blocks: readonly ContentBlock[]): MessagePart[] => {
  const text = blocks.map(contentText).join('');
  return text === '' ? [] : [{ kind: 'text', text }];
};

/**
 * A `compaction_update`: the compaction's message made, or patched (`summary`, `error`: absent
 * leaves it, `null` clears it). `done` once its status is not `in_progress`; `error` when it failed
 * (the agent's reason) or was cancelled.
 */
export function compactionEvents(
  context: NotesContext,
  update: Update<'compaction_update'>,
): ConversationEvent[] {
  const before = context.compaction(update.compactionId);
  const fields: Partial<ChatMessage> = { done: update.status !== 'in_progress' };
  if (update.summary !== undefined) fields.parts = summaryParts(update.summary ?? []);
  const error =
    update.status === 'failed'
      ? (update.error ?? before?.error ?? 'failed')
      : update.status === 'cancelled'
        ? 'cancelled'
        : undefined;
  const message: ChatMessage = before
    ? { ...before, ...fields }
    : systemMessage(
        context,
        { code: 'compaction', parts: [], done: false, ...fields },
        update.compactionId,
      );
  // A fresh object: the error goes with the status that brought it.
  if (error === undefined) delete message.error;
  else message.error = error;
  return [updated(context.agent, message)];
}

/** A `compaction_summary_chunk`: appended to the compaction's summary (made, in progress, if new). */
export function compactionChunkEvents(
  context: NotesContext,
  chunk: Update<'compaction_summary_chunk'>,
): ConversationEvent[] {
  const text = contentText(chunk.content);
  const before = context.compaction(chunk.compactionId);
  if (!before) {
    const parts: MessagePart[] = text === '' ? [] : [{ kind: 'text', text }];
    const message = systemMessage(
      context,
      { code: 'compaction', parts, done: false },
      chunk.compactionId,
    );
    return [updated(context.agent, message)];
  }
  if (text === '') return [];
  const last = before.parts.length - 1;
  if (before.parts[last]?.kind === 'text') {
    return [
      {
        name: 'message:delta',
        data: { agent: context.agent, messageId: before.id, kind: 'text', index: last, text },
      },
    ];
  }
  return [updated(context.agent, { ...before, parts: [...before.parts, { kind: 'text', text }] })];
}
