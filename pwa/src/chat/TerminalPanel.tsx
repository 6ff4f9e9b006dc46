import { lazy, Suspense, useId } from 'react';
import type { TerminalView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { useHostAction } from './useHostAction.ts';
import type { TerminalInput } from './XtermView.tsx';

// xterm.js is most of a terminal's weight: it loads with the first terminal shown.
const XtermView = lazy(() =>
  import('./XtermView.tsx').then((module) => ({ default: module.XtermView })),
);

/** How a terminal's command ended, worded (`undefined` while it runs: the card says so). */
function ending(t: ReturnType<typeof useT>, terminal: TerminalView): string | undefined {
  if (terminal.signal !== null) return t('chat.terminal.killed', { signal: terminal.signal });
  if (terminal.exitCode !== null) return t('chat.terminal.exited', { code: terminal.exitCode });
  return undefined;
}

export interface TerminalPanelProps {
  agent: string;
  terminal: TerminalView;
  /** A login terminal's: every character it wrote (`LoginTerminalView.length`). */
  length?: number;
  /** A login terminal's: the user types into it. */
  input?: TerminalInput;
}

/**
 * A terminal a tool call shows (CONTRACT.md §7), or the one a login runs in: its command line, its
 * output live in xterm.js (colours and all), Kill while it runs (`ChatService.KillTerminal`), then
 * how it ended.
 */
export function TerminalPanel({ agent, terminal, length, input }: TerminalPanelProps) {
  const t = useT();
  const labelId = useId();
  const kill = useHostAction();
  const ended = ending(t, terminal);
  return (
    <figure className="chat-terminal" aria-labelledby={labelId}>
      <figcaption className="chat-terminal-head">
        <code id={labelId} className="chat-terminal-command">
          {terminal.command}
        </code>
        {ended !== undefined && (
          <span
            className={`chat-badge chat-terminal-status${terminal.exitCode === 0 ? ' chat-badge-ok' : ''}`}
          >
            {ended}
          </span>
        )}
        {ended === undefined && (
          <button
            type="button"
            className="chat-terminal-kill"
            disabled={kill.pending}
            onClick={() => void kill.run('ChatService.KillTerminal', agent, terminal.id)}
          >
            {t('chat.terminal.kill')}
          </button>
        )}
      </figcaption>
      {terminal.truncated && <p className="chat-note">{t('chat.terminal.truncated')}</p>}
      <Suspense fallback={<pre className="chat-terminal-plain">{terminal.output}</pre>}>
        <XtermView
          output={terminal.output}
          label={t(input ? 'chat.terminal.input' : 'chat.terminal.output')}
          {...(length !== undefined ? { length } : {})}
          {...(input ? { input } : {})}
        />
      </Suspense>
      {kill.error && (
        <p className="chat-note chat-error" role="alert">
          {kill.error}
        </p>
      )}
    </figure>
  );
}
