import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { PermissionRule } from '../../schema/config.gen.ts';
import type { PermissionOption, PermissionRequestView } from '../../schema/conversation.ts';
import { toolCommand } from '../../schema/toolCommand.ts';

/** A path `relative()` gave that leaves its folder: `..` first, but not a name like `..a`. */
const outside = (path: string) => path === '..' || path.startsWith(`..${sep}`);

/** The folder of `path` (a location) relative to `cwd`, with `/`; `undefined` outside it. */
function folderIn(cwd: string, path: string): string | undefined {
  const inside = relative(cwd, isAbsolute(path) ? path : `${cwd}${sep}${path}`);
  if (inside === '' || outside(inside) || isAbsolute(inside)) return undefined;
  return dirname(inside).split(sep).join('/');
}

/** The folder every folder of `folders` is in (`.` for the `cwd` itself). */
function commonFolder(folders: readonly string[]): string {
  const split = folders.map((folder) => (folder === '.' ? [] : folder.split('/')));
  const common: string[] = [];
  for (const [index, name] of (split[0] ?? []).entries()) {
    if (!split.every((parts) => parts[index] === name)) break;
    common.push(name);
  }
  return common.length === 0 ? '.' : common.join('/');
}

/**
 * `path` as a glob that matches it alone: every ASCII punctuation mark but `/` escaped with `\`.
 * picomatch gives meaning to many (`* ? [ ] { } ( ) ! + @ | , "` and `\` itself, quotes
 * dropped), and an escaped one stands for itself, so escaping them all leaves none out.
 */
function globEscape(path: string): string {
  const chars = [...path];
  return chars
    .map((char, index) => {
      if (!/[!-.:-@[-`{-~]/.test(char)) return char;
      // picomatch reads a run of backslashes as fewer: an empty alternative keeps each apart.
      return char === '\\' && chars[index - 1] === '\\' ? '{,}\\\\' : `\\${char}`;
    })
    .join('');
}

/**
 * What an answer keeps (CONTRACT.md §8): `none` for a "once" answer; for an "always" one the
 * `rule` it adds, or why none can be kept that matches no more than what was answered — a
 * location `outside` the `cwd` (a rule names paths inside it), or a command to run that the call
 * does not show (`noCommand`).
 */
export type AlwaysRule =
  | { kind: 'none' }
  | { kind: 'rule'; rule: PermissionRule }
  | { kind: 'unkept'; reason: 'outside' | 'noCommand' };

/**
 * The rule an "Always allow" or "Always reject" answer adds: the agent, the tool's kind, the
 * folder of its locations when it has some (`src/**`, `**` for the `cwd`; its name escaped, so
 * that `app/[id]` stays that folder), and for a command to run (`execute`) that very command as
 * the call shows it. `cwds` is the `cwd` as configured and as its real path (what agents report
 * under a symlinked one).
 */
export function alwaysRule(
  request: PermissionRequestView,
  option: PermissionOption,
  cwds: readonly string[],
): AlwaysRule {
  if (option.kind !== 'allow_always' && option.kind !== 'reject_always') return { kind: 'none' };
  const answer = option.kind === 'allow_always' ? 'allow' : 'reject';
  const { kind, locations } = request.toolCall;
  const command = kind === 'execute' ? toolCommand(request.toolCall) : undefined;
  if (kind === 'execute' && command === undefined) return { kind: 'unkept', reason: 'noCommand' };
  const scope = { agent: request.agent, kind, ...(command === undefined ? {} : { command }) };
  if (locations.length === 0) return { kind: 'rule', rule: { ...scope, answer } };
  const folders = locations.map((location) =>
    cwds.map((cwd) => folderIn(cwd, location.path)).find((folder) => folder !== undefined),
  );
  if (folders.some((folder) => folder === undefined)) return { kind: 'unkept', reason: 'outside' };
  const folder = commonFolder(folders as string[]);
  const path = folder === '.' ? '**' : `${globEscape(folder)}/**`;
  return { kind: 'rule', rule: { ...scope, path, answer } };
}
