import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { PermissionRule } from '../../schema/config.gen.ts';
import type { PermissionOption, PermissionRequestView } from '../../schema/conversation.ts';

/** The folder of `path` (a location) relative to `cwd`, with `/`; `undefined` outside it. */
function folderIn(cwd: string, path: string): string | undefined {
  const inside = relative(cwd, isAbsolute(path) ? path : `${cwd}${sep}${path}`);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
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
 * The rule an "Always allow" or "Always reject" answer adds (CONTRACT.md §8): the agent, the
 * tool's kind, and the folder of its locations when it has some (`src/**`; `**` for the `cwd`).
 * `undefined` for any other answer, and for a call with a location outside the `cwd`: a rule
 * can only name paths inside it, and a wider one would allow more than the user did. `cwds` is
 * the `cwd` as configured and as its real path (what agents report under a symlinked one).
 */
export function alwaysRule(
  request: PermissionRequestView,
  option: PermissionOption,
  cwds: readonly string[],
): PermissionRule | undefined {
  if (option.kind !== 'allow_always' && option.kind !== 'reject_always') return undefined;
  const answer = option.kind === 'allow_always' ? 'allow' : 'reject';
  const { kind, locations } = request.toolCall;
  const rule: PermissionRule = { agent: request.agent, kind, answer };
  if (locations.length === 0) return rule;
  const folders = locations.map((location) =>
    cwds.map((cwd) => folderIn(cwd, location.path)).find((folder) => folder !== undefined),
  );
  if (folders.some((folder) => folder === undefined)) return undefined;
  const folder = commonFolder(folders as string[]);
  return { agent: request.agent, kind, path: folder === '.' ? '**' : `${folder}/**`, answer };
}
