import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage, PermissionRequestView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { MessageItem } from './MessageItem.tsx';
import { usePermissionsByMessage } from './usePermissionsByMessage.ts';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  permissions: readonly PermissionRequestView[];
  agentTitle: string;
  busy: boolean;
  /** A message to scroll to and highlight for a moment (a search hit), once it is here. */
  reveal?: string | undefined;
  /** `reveal` was scrolled to. */
  onRevealed?: (() => void) | undefined;
  /** How many messages come before `messages`, not loaded yet: shown as rows to be loaded. */
  earlier?: number | undefined;
  /** A row not loaded yet is in view, or `reveal` is not among `messages`: load the page before. */
  onNeedEarlier?: (() => void) | undefined;
}

/** How long a revealed message stays highlighted (ms). */
const revealFor = 2500;

/** Within this many pixels of the end, the reader is at the bottom and the list follows. */
const endThreshold = 48;
/** The size assumed while the list has no layout (hidden, or a DOM without layout). */
const fallbackRect: Rect = { width: 800, height: 1000 };

const observeRect: typeof observeElementRect = (instance, report) =>
  observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : fallbackRect));

/**
 * The messages, virtualized (only those in view are in the DOM, measured as they render), and
 * anchored to the end: while the reader is at the bottom, new messages and growing answers keep
 * it there; scrolled up, it stays put and offers a way back.
 */
export function MessageList({
  messages,
  permissions,
  agentTitle,
  busy,
  reveal,
  onRevealed,
  earlier = 0,
  onNeedEarlier,
}: MessageListProps) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [revealed, setRevealed] = useState<string>();
  const permissionsOf = usePermissionsByMessage(permissions);
  // Stable: the virtualizer recomputes every row's measurement when `getItemKey` changes, and the
  // messages change on every delta.
  const idsRef = useRef(messages);
  idsRef.current = messages;
  const earlierRef = useRef(earlier);
  earlierRef.current = earlier;
  const getItemKey = useCallback(
    (index: number) => idsRef.current[index - earlierRef.current]?.id ?? `earlier-${index}`,
    [],
  );
  const total = earlier + messages.length;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 120,
    getItemKey,
    overscan: 4,
    paddingStart: 12,
    paddingEnd: 12,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: endThreshold,
    observeElementRect: observeRect,
  });

  // Open at the latest message.
  useLayoutEffect(() => virtualizer.scrollToEnd(), [virtualizer]);

  // What you just sent: bring the end into view even if you had scrolled up.
  const last = messages.at(-1);
  const lastKey = last?.role === 'user' ? last.id : undefined;
  useLayoutEffect(() => {
    if (lastKey !== undefined) virtualizer.scrollToEnd();
  }, [lastKey, virtualizer]);

  // A search hit: scroll by the virtualizer's index (the row may not be in the DOM), then mark it.
  useLayoutEffect(() => {
    if (reveal === undefined) return;
    const index = messages.findIndex((message) => message.id === reveal);
    if (index === -1) {
      // In a page not loaded yet (a search hit far up): the pages before come one by one.
      if (earlier > 0) onNeedEarlier?.();
      return;
    }
    virtualizer.scrollToIndex(earlier + index, { align: 'center' });
    setRevealed(reveal);
    onRevealed?.();
  }, [reveal, messages, earlier, virtualizer, onRevealed, onNeedEarlier]);

  // Rows not loaded yet in view (or just above it): their page is asked for, and the next one
  // once it is here if they still are. Not before the list was scrolled once: its first render
  // is at the top, before it is scrolled to the end.
  const [scrolled, setScrolled] = useState(false);
  const items = virtualizer.getVirtualItems();
  const wantsEarlier = scrolled && earlier > 0 && items.length > 0 && items[0]!.index < earlier;
  useEffect(() => {
    if (wantsEarlier) onNeedEarlier?.();
  }, [wantsEarlier, earlier, onNeedEarlier]);

  useEffect(() => {
    if (revealed === undefined) return;
    const timer = setTimeout(() => setRevealed(undefined), revealFor);
    return () => clearTimeout(timer);
  }, [revealed]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    setAtEnd(element.scrollHeight - element.scrollTop - element.clientHeight <= endThreshold);
    setScrolled(true);
  };

  return (
    <div className="chat-list">
      {total === 0 && <p className="chat-empty">{t('chat.empty', { agent: agentTitle })}</p>}
      <div
        ref={scrollRef}
        role="feed"
        aria-busy={busy}
        aria-label={t('chat.list.label', { agent: agentTitle })}
        tabIndex={0}
        className="chat-scroll"
        onScroll={onScroll}
      >
        <div className="chat-feed" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const message = messages[item.index - earlier];
            if (!message) {
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="chat-row chat-row-loading"
                  style={{ transform: `translateY(${item.start}px)` }}
                  aria-hidden="true"
                />
              );
            }
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={message.id === revealed ? 'chat-row chat-row-revealed' : 'chat-row'}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageItem
                  message={message}
                  permissions={permissionsOf(message.id)}
                  agentTitle={agentTitle}
                  position={item.index + 1}
                  total={total}
                />
              </div>
            );
          })}
        </div>
      </div>
      {!atEnd && (
        <button
          type="button"
          className="chat-jump"
          onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })}
        >
          {t('chat.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
