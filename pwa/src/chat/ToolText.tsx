import { useId } from 'react';
import { MarkdownText } from './markdown/MarkdownText.tsx';

/** A tool call's input or output: labelled, monospace, scrollable (and so focusable). */
export function ToolText({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <div className="chat-tool-text">
      <span id={id} className="chat-tool-text-label">
        {label}
      </span>
      <pre tabIndex={0} aria-labelledby={id}>
        {text}
      </pre>
    </div>
  );
}

/**
 * A tool call's output: what the agent's tool content says, Markdown as agents write it there
 * (fenced command output, file excerpts), rendered safely like their messages.
 */
export function ToolOutput({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <div className="chat-tool-text" role="group" aria-labelledby={id}>
      <span id={id} className="chat-tool-text-label">
        {label}
      </span>
      <MarkdownText text={text} />
    </div>
  );
}
