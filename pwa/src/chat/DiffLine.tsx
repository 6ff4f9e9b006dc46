import { useT } from '../i18n.tsx';
import type { DiffRow } from './lineDiff.ts';

const signs = { add: '+', del: '−', same: ' ' } as const;

/** One row of a `DiffView`: a line with its old and new numbers, or a hunk's start. */
export function DiffLine({ row }: { row: DiffRow }) {
  const t = useT();
  if (row.kind === 'hunk') {
    const { oldStart, newStart } = row;
    return <div className="chat-diff-hunk">{t('chat.diff.hunk', { oldStart, newStart })}</div>;
  }
  // <ins> and <del> tell a screen reader what a colour tells the eye.
  const Text = row.kind === 'add' ? 'ins' : row.kind === 'del' ? 'del' : 'span';
  return (
    <div className={`chat-diff-line chat-diff-${row.kind}`}>
      <span className="chat-diff-num" aria-hidden="true">
        {row.oldLine ?? ''}
      </span>
      <span className="chat-diff-num" aria-hidden="true">
        {row.newLine ?? ''}
      </span>
      <span className="chat-diff-sign" aria-hidden="true">
        {signs[row.kind]}
      </span>
      <Text className="chat-diff-text">{row.text}</Text>
    </div>
  );
}
