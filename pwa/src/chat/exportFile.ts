import type { ConversationSummary } from '../../../schema/conversation.ts';
import { fold } from './highlight.ts';

const titleLength = 60;

/** The local day of an ISO time, `YYYY-MM-DD`. */
function localDay(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The file an export is saved as: `<agent>-<title>.md`, the title in plain ASCII, else
 * `<agent>-<day it started>.md`.
 *
 * @example
 * exportName('claude', { title: 'Fix the café menu', createdAt: '2025-05-01T10:00:00Z', … })
 * // 'claude-fix-the-cafe-menu.md'
 */
export function exportName(
  agent: string,
  conversation: Pick<ConversationSummary, 'title' | 'createdAt'>,
): string {
  const slug = fold(conversation.title)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, titleLength)
    .replace(/^-+|-+$/g, '');
  return `${agent}-${slug || localDay(conversation.createdAt) || 'conversation'}.md`;
}

/**
 * Saves `text` as a file named `name`: a Blob and a temporary `<a download>` (no `data:` URL, no
 * script: the CSP allows it).
 */
export function downloadText(text: string, name: string, type = 'text/markdown'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the Blob after `click()` returns: revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
