/**
 * The built-in agent's view of its working folder: listing, reading and
 * searching files, never outside the folder it was given.
 */
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

const skippedFolders = new Set(['node_modules', '.git']);
const maxSearchedBytes = 1024 * 1024;

/** A file read for a summary. */
export type WorkspaceFile =
  | { kind: 'text'; path: string; absolute: string; size: number; text: string }
  | { kind: 'binary'; path: string; absolute: string; size: number }
  | { kind: 'folder'; path: string; absolute: string; size: number };

/** One line that contains the searched text. */
export type SearchHit = { path: string; line: number; text: string };

function isInside(root: string, absolute: string): boolean {
  const rel = relative(root, absolute);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function displayPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/') || '.';
}

/**
 * The absolute path of `path` taken relative to `root`, or undefined when it
 * resolves outside `root` (by `..`, an absolute path, or a symbolic link).
 */
export async function resolveInside(root: string, path: string): Promise<string | undefined> {
  const absolute = resolve(root, path);
  if (!isInside(root, absolute)) return undefined;
  try {
    return isInside(await realpath(root), await realpath(absolute)) ? absolute : undefined;
  } catch {
    return absolute; // does not exist (yet): the lexical check is all there is
  }
}

function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/**
 * Reads `path` (relative to `root`) for a summary, or returns undefined when it
 * is outside `root` or does not exist. Text is capped at 1 MB.
 */
export async function readWorkspaceFile(
  root: string,
  path: string,
): Promise<WorkspaceFile | undefined> {
  const absolute = await resolveInside(root, path);
  if (!absolute) return undefined;
  const info = await stat(absolute).catch(() => undefined);
  if (!info) return undefined;
  const shown = displayPath(root, absolute);
  if (info.isDirectory()) return { kind: 'folder', path: shown, absolute, size: info.size };
  const handle = await open(absolute, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(info.size, maxSearchedBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (looksBinary(bytes)) return { kind: 'binary', path: shown, absolute, size: info.size };
    return { kind: 'text', path: shown, absolute, size: info.size, text: bytes.toString('utf8') };
  } finally {
    await handle.close();
  }
}

async function* walk(
  root: string,
  folder: string,
  depth: number,
  signal?: AbortSignal,
): AsyncGenerator<{ path: string; absolute: string; isFolder: boolean; depth: number }> {
  signal?.throwIfAborted();
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  entries.sort(
    (a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    if (entry.isDirectory() && skippedFolders.has(entry.name)) continue;
    const absolute = join(folder, entry.name);
    const isFolder = entry.isDirectory();
    yield { path: displayPath(root, absolute), absolute, isFolder, depth };
    if (isFolder && depth > 0) yield* walk(root, absolute, depth - 1, signal);
  }
}

/**
 * The files and folders under `root`, folders first and marked with a final
 * `/`, a few levels deep, skipping `node_modules` and `.git`.
 */
export async function listFiles(
  root: string,
  { limit = 200, depth = 2, signal }: { limit?: number; depth?: number; signal?: AbortSignal } = {},
): Promise<{ entries: string[]; truncated: boolean }> {
  const entries: string[] = [];
  for await (const entry of walk(root, root, depth, signal)) {
    if (entries.length === limit) return { entries, truncated: true };
    entries.push(entry.isFolder ? `${entry.path}/` : entry.path);
  }
  return { entries, truncated: false };
}

/**
 * Every line of the text files under `root` that contains `needle` (plain,
 * case-sensitive), skipping binaries, files over 1 MB, `node_modules` and `.git`.
 */
export async function searchFiles(
  root: string,
  needle: string,
  { maxHits = 50, signal }: { maxHits?: number; signal?: AbortSignal } = {},
): Promise<{ hits: SearchHit[]; filesSearched: number; truncated: boolean }> {
  const hits: SearchHit[] = [];
  let filesSearched = 0;
  for await (const entry of walk(root, root, 20, signal)) {
    if (entry.isFolder) continue;
    const info = await stat(entry.absolute).catch(() => undefined);
    if (!info?.isFile() || info.size > maxSearchedBytes) continue;
    const bytes = await readFile(entry.absolute).catch(() => undefined);
    if (!bytes || looksBinary(bytes)) continue;
    filesSearched += 1;
    const lines = bytes.toString('utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (!line.includes(needle)) continue;
      if (hits.length === maxHits) return { hits, filesSearched, truncated: true };
      hits.push({ path: entry.path, line: index + 1, text: line.trim().slice(0, 200) });
    }
  }
  return { hits, filesSearched, truncated: false };
}

/** The first file of `root` that the words of `text` name, as a path relative to `root`. */
export async function findMentionedFile(root: string, text: string): Promise<string | undefined> {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/^[`'"([{<]+|[`'")\]}>.,;:!?]+$/g, ''))
    .filter((word) => word.length > 0);
  const topLevel = await readdir(root).catch((): string[] => []);
  for (const word of words) {
    const named = topLevel.find((name) => name.toLowerCase() === word.toLowerCase()) ?? word;
    if (!/[./]/.test(named) && !topLevel.includes(named)) continue;
    const absolute = await resolveInside(root, named);
    const info = absolute ? await stat(absolute).catch(() => undefined) : undefined;
    if (absolute && info?.isFile()) return displayPath(root, absolute);
  }
  return undefined;
}

/** The README of `root`, if it has one, with its first Markdown heading. */
export async function findReadme(
  root: string,
): Promise<{ path: string; heading?: string } | undefined> {
  const names = await readdir(root).catch((): string[] => []);
  const path = names.find((name) => /^readme(\.(md|markdown|txt|rst))?$/i.test(name));
  if (!path) return undefined;
  const text = await readFile(join(root, path), 'utf8').catch(() => '');
  const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(text)?.[1];
  return heading === undefined ? { path } : { path, heading };
}

function hasTestScript(manifest: unknown): boolean {
  if (typeof manifest !== 'object' || manifest === null || !('scripts' in manifest)) return false;
  const { scripts } = manifest;
  return typeof scripts === 'object' && scripts !== null && 'test' in scripts;
}

/** The usual command that runs the tests of the project in `root`, if one is recognisable. */
export async function findTestCommand(root: string): Promise<string | undefined> {
  const read = (name: string): Promise<string | undefined> =>
    readFile(join(root, name), 'utf8').catch(() => undefined);
  const manifest = await read('package.json');
  if (manifest !== undefined) {
    try {
      if (hasTestScript(JSON.parse(manifest))) return 'npm test';
    } catch {
      // not JSON: look for another kind of project
    }
  }
  if (/^test\s*:/m.test((await read('Makefile')) ?? '')) return 'make test';
  const names = await readdir(root).catch((): string[] => []);
  if (names.includes('Cargo.toml')) return 'cargo test';
  if (names.includes('go.mod')) return 'go test ./...';
  if (['pyproject.toml', 'pytest.ini', 'setup.py'].some((name) => names.includes(name))) {
    return 'python3 -m pytest';
  }
  return undefined;
}
