import picomatch from 'picomatch';
import { isAbsolute, relative, sep } from 'node:path';
import type { PermissionRule } from '../schema/config.ts';
import type { PermissionOption, ToolCallView } from '../schema/conversation.ts';
import { toolCommand } from '../schema/toolCommand.ts';

/** What a rule answered: its index in `permissions`, and the agent's option it chose. */
export interface RuleAnswer {
  rule: number;
  answer: PermissionRule['answer'];
  optionId: string;
}

/** A path `relative()` gave that leaves its folder: `..` first, but not a name like `..a`. */
const outside = (path: string) => path === '..' || path.startsWith(`..${sep}`);

/** Where a location is, relative to `cwd` with `/` between folders; `undefined` outside it. */
function inside(cwd: string, location: string): string | undefined {
  const path = relative(cwd, isAbsolute(location) ? location : `${cwd}${sep}${location}`);
  if (path === '' || outside(path) || isAbsolute(path)) return undefined;
  return path.split(sep).join('/');
}

/** Where a location is in the first of `cwds` (the same folder, as configured and as real) that holds it. */
const insideAny = (cwds: readonly string[], location: string) =>
  cwds.map((cwd) => inside(cwd, location)).find((path) => path !== undefined);

const matches = (rule: PermissionRule, tool: ToolCallView, cwds: readonly string[]): boolean => {
  if (rule.kind !== undefined && rule.kind !== tool.kind) return false;
  if (rule.command !== undefined && rule.command !== toolCommand(tool)) return false;
  if (rule.path === undefined) return true;
  const glob = picomatch(rule.path, { dot: true });
  const paths = tool.locations.map((location) => insideAny(cwds, location.path));
  return paths.length > 0 && paths.every((path) => path !== undefined && glob(path));
};

/** The agent's option for `answer`: the "once" kind if it offers it, else the "always" one. */
const optionFor = (answer: PermissionRule['answer'], options: readonly PermissionOption[]) =>
  options.find((option) => option.kind === `${answer}_once`) ??
  options.find((option) => option.kind === `${answer}_always`);

/**
 * The answer the first rule that matches `tool` gives (CONTRACT.md §8): its kind, its command
 * exactly (as {@link toolCommand} reads it), and every location inside the agent's `cwd` matching
 * its `path` — `cwds` is that folder as configured and as its real path, which agents given it
 * report (a symlinked `/tmp` on macOS). `undefined` when none matches, or when the agent offers
 * no option of the rule's answer: the user is asked.
 */
export function answerByRule(
  rules: readonly PermissionRule[],
  tool: ToolCallView,
  options: readonly PermissionOption[],
  cwds: readonly string[],
): RuleAnswer | undefined {
  const rule = rules.find((candidate) => matches(candidate, tool, cwds));
  const option = rule && optionFor(rule.answer, options);
  return rule && option
    ? { rule: rule.index, answer: rule.answer, optionId: option.optionId }
    : undefined;
}
