/**
 * `/run <command>`: asks the user's permission, then runs a shell command in
 * the session's folder and reports its output in the tool call.
 */
import { code, count, fence } from './markdown.ts';
import { runShell, type ShellResult } from './shell.ts';
import type { Command, Turn } from './Turn.ts';

const timeoutMs = 30_000;
const quotedLines = 5;

function outcome(command: string, result: ShellResult): string {
  if (result.timedOut) {
    return `${code(command)} was still running after ${timeoutMs / 1000} seconds, so I stopped it.`;
  }
  if (result.exitCode === null) {
    return `${code(command)} did not finish normally (${result.signal ?? 'it could not start'}).`;
  }
  return `I ran ${code(command)}: it exited with code ${result.exitCode}.`;
}

function summary(command: string, result: ShellResult): string {
  const output = result.output.replace(/^\n+|\n+$/g, '');
  const lines = output.split('\n');
  const truncated = result.truncated ? ' The output passed 64 KB: I kept only its beginning.' : '';
  if (output.trim() === '') return `${outcome(command, result)} It printed nothing.${truncated}`;
  if (lines.length <= quotedLines) {
    return `${outcome(command, result)} It printed:${truncated}\n\n${fence(output)}`;
  }
  return [
    `${outcome(command, result)} It printed ${count(lines.length, 'line')}, all in the tool call; the last ${quotedLines}:${truncated}`,
    '',
    fence(lines.slice(-quotedLines).join('\n')),
  ].join('\n');
}

async function run(turn: Turn, command: string): Promise<string> {
  if (!command) return 'Which command? `/run <shell command>` runs it here once you allow it.';
  const title = `Run ${command}`;
  const rawInput = { command };
  const outcome = await turn.tool(
    { title, kind: 'execute', rawInput, status: 'pending' },
    async (toolCallId) => {
      const permission = turn.session.alwaysAllowRun
        ? 'always'
        : await turn.askPermission(toolCallId, title, rawInput);
      if (permission === 'rejected' || permission === 'cancelled') {
        return { status: 'failed', text: 'Not run: permission refused.', permission };
      }
      if (permission === 'always') turn.session.alwaysAllowRun = true;
      await turn.step();
      await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
      const result = await runShell(command, { cwd: turn.cwd, signal: turn.signal, timeoutMs });
      const { exitCode, signal, timedOut, truncated } = result;
      return {
        status: exitCode === 0 ? 'completed' : 'failed',
        text: result.output === '' ? '(no output)' : fence(result.output),
        rawOutput: { exitCode, signal, timedOut, truncated },
        permission,
        result,
      };
    },
  );
  turn.signal.throwIfAborted();
  if (!outcome.result) {
    return outcome.permission === 'rejected'
      ? `I did not run ${code(command)}, since you rejected it.`
      : `I did not run ${code(command)}: the permission request was cancelled.`;
  }
  return summary(command, outcome.result);
}

/** `/run <shell command>`. */
export const runCommand: Command = {
  description: 'Run a shell command in this folder (asks you first)',
  hint: 'shell command',
  plan: (command) => [`Ask permission to run ${command}`, `Run ${command}`],
  run,
};
