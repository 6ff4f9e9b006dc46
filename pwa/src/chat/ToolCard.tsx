import { useId, type ReactNode } from 'react';
import type { ToolCallView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { DiffView } from './DiffView.tsx';
import { TerminalPanel } from './TerminalPanel.tsx';
import { ToolIcon } from './ToolIcon.tsx';
import { ToolOutput, ToolText } from './ToolText.tsx';

/**
 * A tool call as a card: its kind, title and status, the files it touches, its input, the
 * changes it proposes or made, its output and the terminals that run for it (of `agent`), the
 * rule that answered its permission request if one did; `children` (a permission prompt) at the
 * bottom.
 */
export function ToolCard({
  agent,
  tool,
  children,
}: {
  agent: string;
  tool: ToolCallView;
  children?: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <section className={`chat-tool chat-tool-${tool.status}`} aria-labelledby={titleId}>
      <header className="chat-tool-head">
        <ToolIcon kind={tool.kind} />
        <span id={titleId} className="chat-tool-title">
          {tool.title || t(`chat.tool.kind.${tool.kind}`)}
        </span>
        <span className={`chat-badge chat-status chat-status-${tool.status}`}>
          {t(`chat.tool.status.${tool.status}`)}
        </span>
      </header>
      {tool.locations.length > 0 && (
        <ul className="chat-tool-locations" aria-label={t('chat.tool.locations')}>
          {tool.locations.map(({ path, line }, index) => (
            <li key={index}>
              <code>{line === undefined ? path : t('chat.tool.location', { path, line })}</code>
            </li>
          ))}
        </ul>
      )}
      {tool.input !== '' && <ToolText label={t('chat.tool.input')} text={tool.input} />}
      {tool.diffs.map((diff, index) => (
        <DiffView key={`${index}:${diff.path}`} diff={diff} />
      ))}
      {tool.terminals?.map((terminal) => (
        <TerminalPanel key={terminal.id} agent={agent} terminal={terminal} />
      ))}
      {tool.output !== '' && <ToolOutput label={t('chat.tool.output')} text={tool.output} />}
      {tool.images?.map(({ mimeType, data }, index) => (
        <img
          key={index}
          className="chat-tool-image"
          alt={t('chat.tool.image', { index: index + 1, title: tool.title })}
          src={`data:${mimeType};base64,${data}`}
        />
      ))}
      {tool.rule && (
        <p className={`chat-note chat-tool-rule chat-tool-rule-${tool.rule.answer}`}>
          {t(`chat.tool.rule.${tool.rule.answer}`, { rule: tool.rule.index + 1 })}
        </p>
      )}
      {children}
    </section>
  );
}
