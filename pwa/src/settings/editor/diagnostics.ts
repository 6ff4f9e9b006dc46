import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { Problem } from '../../../../schema/config.ts';

/**
 * Where `problem` sits in `doc`: from its 1-based line and column (UTF-16 units, as CodeMirror
 * counts) to the end of the token there — a quoted string, or a run of non-blank characters
 * without a trailing `:` or `,`. A position past the text is clamped to it.
 */
export function problemRange(doc: Text, problem: Pick<Problem, 'line' | 'column'>) {
  const line = doc.line(Math.min(Math.max(problem.line, 1), doc.lines));
  const from = line.from + Math.min(Math.max(problem.column - 1, 0), line.length);
  const rest = line.text.slice(from - line.from);
  const quoted = /^(["'])(?:\\.|(?!\1).)*\1?/.exec(rest);
  const token = quoted ? quoted[0] : (/^\S+/.exec(rest)?.[0] ?? '').replace(/[:,]$/, '');
  return { from, to: from + token.length };
}

/** The host's problems as CodeMirror diagnostics: errors, and warnings for `warning: true`. */
export function toDiagnostics(doc: Text, problems: readonly Problem[]): Diagnostic[] {
  return problems.map((problem) => ({
    ...problemRange(doc, problem),
    severity: problem.warning ? 'warning' : 'error',
    message: problem.message,
  }));
}
