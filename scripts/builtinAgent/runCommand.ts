/**
 * `/run <command>`: asks the user's permission, then runs a shell command in
 * the session's folder and reports its output in the tool call.
 */
import type { Say } from '../../locales/translate.ts';
import { code, fence } from './markdown.ts';
import { runShell, type ShellResult } from './shell.ts';
import type { Command, Turn } from './Turn.ts';

const timeoutMs = 30_000;
const quotedLines = 5;

function outcome(t: Say, command: string, result: ShellResult): string {
  if (result.timedOut) {
    return t('builtin.run.timedOut', { command: code(command), seconds: timeoutMs / 1000 });
  }
  if (result.exitCode === null) {
    const reason = result.signal ?? t('builtin.run.couldNotStart');
    return t('builtin.run.abnormal', { command: code(command), reason });
  }
  return t('builtin.run.exited', { command: code(command), code: result.exitCode });
}

function summary(t: Say, command: string, result: ShellResult): string {
  const output = result.output.replace(/^\n+|\n+$/g, '');
  const lines = output.split('\n');
  const ended = outcome(t, command, result);
  const truncated = result.truncated ? ` ${t('builtin.run.truncated')}` : '';
  if (output.trim() === '') return `${ended} ${t('builtin.run.printedNothing')}${truncated}`;
  if (lines.length <= quotedLines) {
    return `${ended} ${t('builtin.run.printed')}${truncated}\n\n${fence(output)}`;
  }
  const printed = t('builtin.run.printedLines', {
    lines: t('builtin.count.lines', { count: lines.length }),
    last: quotedLines,
  });
  return [`${ended} ${printed}${truncated}`, '', fence(lines.slice(-quotedLines).join('\n'))].join(
    '\n',
  );
}

async function run(turn: Turn, command: string): Promise<string> {
  const { t } = turn;
  if (!command) return t('builtin.run.which', { usage: code(`/run <${t('builtin.run.hint')}>`) });
  const title = t('builtin.run.title', { command });
  const rawInput = { command };
  const outcome = await turn.tool(
    { title, kind: 'execute', rawInput, status: 'pending' },
    async (toolCallId) => {
      const permission = turn.session.alwaysAllowRun
        ? 'always'
        : await turn.askPermission(toolCallId, title, rawInput);
      if (permission === 'rejected' || permission === 'cancelled') {
        return { status: 'failed', text: t('builtin.run.refused'), permission };
      }
      if (permission === 'always') turn.session.alwaysAllowRun = true;
      await turn.step();
      await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
      const result = await runShell(command, { cwd: turn.cwd, signal: turn.signal, timeoutMs });
      const { exitCode, signal, timedOut, truncated } = result;
      return {
        status: exitCode === 0 ? 'completed' : 'failed',
        text: result.output === '' ? t('builtin.run.noOutput') : fence(result.output),
        rawOutput: { exitCode, signal, timedOut, truncated },
        permission,
        result,
      };
    },
  );
  turn.signal.throwIfAborted();
  if (!outcome.result) {
    return t(outcome.permission === 'rejected' ? 'builtin.run.rejected' : 'builtin.run.cancelled', {
      command: code(command),
    });
  }
  return summary(t, command, outcome.result);
}

/** `/run <shell command>`. */
export const runCommand: Command = {
  description: 'builtin.run.description',
  hint: 'builtin.run.hint',
  plan: (t, command) => [t('builtin.run.ask', { command }), t('builtin.run.title', { command })],
  run,
};
