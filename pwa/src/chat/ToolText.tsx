import { useId } from 'react';

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
