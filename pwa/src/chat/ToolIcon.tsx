import type { ToolKind } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

/** One outline path (24×24) per kind of tool call. */
const paths: Record<ToolKind, string> = {
  read: 'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h6',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  move: 'M4 12h15M13 6l6 6-6 6',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14zM16 16l5 5',
  execute: 'M3 5h18v14H3zM7 9l3 3-3 3M12 15h5',
  think:
    'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z',
  fetch:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  other: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
};

/** The kind of a tool call, as an icon named for screen readers. */
export function ToolIcon({ kind }: { kind: ToolKind }) {
  const t = useT();
  const label = t(`chat.tool.kind.${kind}`);
  return (
    <svg
      className="chat-tool-icon"
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <title>{label}</title>
      <path d={paths[kind] ?? paths.other} />
    </svg>
  );
}
