import { opendir, readFile, realpath } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { maxFileMatches } from '../../schema/attachments.ts';

/** A walk of the `cwd` looks at this many entries at most, and this deep, then stops. */
export const walkLimits = { entries: 20_000, depth: 12, ms: 300 } as const;

/** Folders never walked: what no one names with `@`, and what makes trees huge. */
const skipped = new Set(['.git', 'node_modules', '.hg', '.svn', '__pycache__', '.venv']);

/**
 * The root `.gitignore`'s patterns, as a matcher of relative paths: enough for the usual
 * `dist/`, `*.log`, `/build` (negations and nested files are not read, to stay cheap).
 */
async function gitignore(root: string): Promise<(path: string, folder: boolean) => boolean> {
  const text = await readFile(join(root, '.gitignore'), 'utf8').catch(() => '');
  const globs = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .flatMap((line) => {
      const folderOnly = line.endsWith('/');
      const bare = line.replace(/^\//, '').replace(/\/$/, '');
      const anchored = line.startsWith('/') || bare.includes('/');
      const glob = anchored ? bare : `**/${bare}`;
      return [{ glob, folderOnly }];
    });
  const files = picomatch(
    globs.filter((entry) => !entry.folderOnly).map(({ glob }) => glob),
    { dot: true },
  );
  const folders = picomatch(
    globs.map(({ glob }) => glob),
    { dot: true },
  );
  return (path, folder) => (folder ? folders(path) : files(path));
}

/** The files of the `cwd`, relative to it, in the order a breadth-first walk finds them. */
async function walk(root: string, own: readonly string[]): Promise<string[]> {
  const ignored = await gitignore(root);
  const found: string[] = [];
  const deadline = performance.now() + walkLimits.ms;
  let seen = 0;
  let level = [root];
  for (let depth = 0; depth < walkLimits.depth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      if (seen >= walkLimits.entries || performance.now() > deadline) return found;
      // Read entry by entry: a folder of a million files is left at the limit, not listed whole.
      const entries = await opendir(folder).catch(() => []);
      for await (const entry of entries) {
        if (++seen > walkLimits.entries) break;
        const path = join(folder, entry.name);
        const inside = relative(root, path);
        if (own.some((mine) => path === mine || path.startsWith(`${mine}${sep}`))) continue;
        // Symlinks are not followed: a link may lead out of the `cwd`, or in a loop.
        if (entry.isDirectory()) {
          if (!skipped.has(entry.name) && !ignored(inside, true)) next.push(path);
        } else if (entry.isFile() && !ignored(inside, false)) {
          found.push(inside.split(sep).join('/'));
        }
      }
    }
    level = next;
  }
  return found;
}

/** How well `path` matches `query` (lower is better), or undefined when it does not. */
function rank(path: string, query: string): number | undefined {
  if (query === '') return path.split('/').length;
  const lower = path.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  if (name.startsWith(query)) return 0;
  if (name.includes(query)) return 1;
  if (lower.includes(query)) return 2;
  // Letters in order, as editors' quick-open do (`srcmain` finds `src/main.ts`).
  let at = 0;
  for (const letter of lower) if (letter === query[at]) at++;
  return at === query.length ? 3 : undefined;
}

/**
 * `ChatService.Files(agent, query)`: up to {@link maxFileMatches} files of the agent's `cwd` whose
 * path matches `query`, best first (the name starts with it, holds it, the path holds it, its
 * letters in order), relative to the `cwd` with `/`. The walk is bounded ({@link walkLimits}), skips
 * `.git`, `node_modules` and what the root `.gitignore` names, never follows a symlink, and
 * leaves out Switchboard's own files.
 */
export async function cwdFiles(
  cwd: string,
  query: string,
  own: readonly string[],
): Promise<string[]> {
  const root = await realpath(cwd).catch(() => undefined);
  if (root === undefined) return [];
  const owned = await Promise.all(own.map((path) => realpath(path).catch(() => resolve(path))));
  const wanted = query.trim().toLowerCase();
  const ranked = (await walk(root, owned)).flatMap((path, order) => {
    const score = rank(path, wanted);
    return score === undefined ? [] : [{ path, score, order }];
  });
  ranked.sort((a, b) => a.score - b.score || a.path.length - b.path.length || a.order - b.order);
  return ranked.slice(0, maxFileMatches).map(({ path }) => path);
}
