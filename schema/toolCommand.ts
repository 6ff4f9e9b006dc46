import type { ToolCallView } from './conversation.ts';

/** The command line a user reads: `command` and its `args`, quoted where a shell would need it. */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (word: string) =>
    /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
  return [command, ...args.map(quote)].join(' ');
}

const isWords = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((word) => typeof word === 'string');

/**
 * The command a tool call runs, as its input shows it (ACP's `rawInput`, which the tool card
 * prints): `command` when it is a string (Claude Code's `{"command": "npm test"}`), with `args`
 * when they are given apart (`terminal/create`'s shape), or a list of words (Codex's
 * `["bash", "-lc", "npm test"]`) made one line as {@link commandLine} writes it. `undefined` when
 * the input names no command: a rule by command (CONTRACT.md §8) can then never match it.
 */
export function toolCommand(tool: Pick<ToolCallView, 'input'>): string | undefined {
  let input: unknown;
  try {
    input = JSON.parse(tool.input);
  } catch {
    return undefined;
  }
  if (typeof input !== 'object' || input === null || !('command' in input)) return undefined;
  const { command, args } = input as { command: unknown; args?: unknown };
  if (typeof command === 'string' && command !== '') {
    return isWords(args) && args.length > 0 ? commandLine(command, args) : command;
  }
  if (isWords(command) && command.length > 0 && command[0] !== '') {
    return commandLine(command[0]!, command.slice(1));
  }
  return undefined;
}
