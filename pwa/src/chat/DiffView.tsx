import { useMemo, useState } from 'react';
import type { FileDiff } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { DiffLine } from './DiffLine.tsx';
import { lineDiff } from './lineDiff.ts';

/** Rows shown before "show more": a huge diff stays cheap to render. */
const shownAtFirst = 300;

/** A file change as a line diff: removed lines red, added green, numbered, a "new file" mark. */
export function DiffView({ diff }: { diff: FileDiff }) {
  const t = useT();
  const { rows, added, removed } = useMemo(
    () => lineDiff(diff.newFile ? '' : diff.oldText, diff.newText),
    [diff.oldText, diff.newText, diff.newFile],
  );
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, shownAtFirst);
  return (
    <figure className="chat-diff">
      <figcaption className="chat-diff-head">
        <span className="chat-diff-path">{diff.path}</span>
        {diff.newFile && <span className="chat-badge chat-badge-ok">{t('chat.diff.newFile')}</span>}
        <span
          className="chat-diff-stats"
          aria-label={t('chat.diff.statsLabel', { added, removed })}
        >
          {t('chat.diff.stats', { added, removed })}
        </span>
      </figcaption>
      {rows.length === 0 ? (
        <p className="chat-diff-empty">{t('chat.diff.empty')}</p>
      ) : (
        <div className="chat-diff-body">
          {shown.map((row, index) => (
            <DiffLine key={index} row={row} />
          ))}
        </div>
      )}
      {shown.length < rows.length && (
        <button type="button" className="chat-diff-more" onClick={() => setAll(true)}>
          {t('chat.diff.more', { count: rows.length - shown.length })}
        </button>
      )}
    </figure>
  );
}
