import { mkdir, readFile, readlink, realpath, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  RequestError,
  type ReadTextFileRequest,
  type ReadTextFileResponse,
  type WriteTextFileRequest,
} from '@agentclientprotocol/sdk';
import { isOwnedBy, ownIdentities } from './ownFiles.ts';

/** The largest file `read` accepts. */
export const maxReadBytes = 10 * 1024 * 1024;

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * The real path `path` names, even when its tail does not exist yet: the real path of its nearest
 * existing ancestor plus the missing names. A dangling symlink is followed by hand, so a link to a
 * file not yet created outside the folder resolves outside.
 */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT') throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = await realPathOf(parent);
  const link = await readlink(path).catch(() => null);
  return link === null ? join(realParent, basename(path)) : realPathOf(resolve(realParent, link));
}

/** Lines `line` (1-based) to `line + limit - 1` of `content`, each with its own line ending. */
function sliceLines(content: string, line?: number | null, limit?: number | null): string {
  if (line == null && limit == null) return content;
  const start = (line ?? 1) - 1;
  const end = limit == null ? undefined : start + limit;
  const lines = content.split(/(?<=\n)/);
  return lines.slice(start, end).join('');
}

function checkCount(name: string, value: number | null | undefined, min: number): void {
  if (value != null && !(Number.isInteger(value) && value >= min)) {
    throw RequestError.invalidParams({ [name]: value }, `${name} must be a whole number ≥ ${min}`);
  }
}

function toRequestError(error: unknown, path: string): RequestError {
  if (error instanceof RequestError) return error;
  // The SDK's own answer, which agents recognise (Qwen Code by its code, Gemini CLI by its words).
  if (errnoOf(error) === 'ENOENT') return RequestError.resourceNotFound(path);
  const message = error instanceof Error ? error.message : String(error);
  return RequestError.internalError({ path, errno: errnoOf(error) }, message);
}

/** Why a path was refused by policy (rather than failing on the disk). */
export type Refusal = 'outside' | 'switchboard';

/** Options of {@link ClientFiles}. */
export interface ClientFilesOptions {
  /**
   * Switchboard's own files and folders (the configurations, the state dir): refused whatever
   * the working folder, compared by real path and by device and inode.
   */
  own?: readonly string[];
  /** Told of each path refused by policy, for the agent's log. */
  onRefused?: (refusal: { method: string; path: string; reason: Refusal }) => void;
}

/** Whether `path` is `root` or lies inside it (both real paths). */
function within(root: string, path: string): boolean {
  const inside = relative(root, path);
  return !(inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside));
}

/**
 * The client side of ACP's file system methods for one agent, confined to its working folder:
 * a path must be absolute, its real path (symlinks followed) must lie inside the real path of
 * `cwd`, and outside every one of Switchboard's own files and folders. Every failure is a
 * `RequestError`, ready to go back to the agent.
 *
 * See protocol docs: [File System](https://agentclientprotocol.com/protocol/v1/file-system)
 *
 * @example
 * const files = new ClientFiles(cwd, { own: [configPath, stateDir] });
 * const lines10to14 = await files.read({ sessionId, path: `${cwd}/a.ts`, line: 10, limit: 5 });
 */
export class ClientFiles {
  readonly #cwd: string;
  readonly #own: readonly string[];
  readonly #onRefused: NonNullable<ClientFilesOptions['onRefused']>;

  constructor(cwd: string, options: ClientFilesOptions = {}) {
    this.#cwd = resolve(cwd);
    this.#own = (options.own ?? []).map((path) => resolve(path));
    this.#onRefused = options.onRefused ?? (() => {});
  }

  /**
   * `fs/read_text_file`: `line` is 1-based, `limit` a number of lines; the lines keep their
   * endings. Refuses files over {@link maxReadBytes}. A missing file is ACP's resource-not-found
   * error, or empty content when `missingIsEmpty` (see `agentQuirks.ts`).
   */
  async read(
    { path, line, limit }: ReadTextFileRequest,
    { missingIsEmpty = false } = {},
  ): Promise<ReadTextFileResponse> {
    try {
      checkCount('line', line, 1);
      checkCount('limit', limit, 0);
      const real = await this.confine('fs/read_text_file', path);
      const size = await stat(real).then(
        (stats) => stats.size,
        (error: unknown) => {
          if (missingIsEmpty && errnoOf(error) === 'ENOENT') return undefined;
          throw error;
        },
      );
      if (size === undefined) return { content: '' };
      if (size > maxReadBytes) {
        const reason = `${path} is ${size} bytes, over the 10 MiB limit for reading a file`;
        throw RequestError.invalidParams({ path, size }, reason);
      }
      return { content: sliceLines(await readFile(real, 'utf8'), line, limit) };
    } catch (error) {
      throw toRequestError(error, path);
    }
  }

  /**
   * `fs/write_text_file`: creates the file (and missing parent folders inside `cwd`) if needed.
   * Returns what the file held before (null for a new file), so the caller can show a diff.
   */
  async write({ path, content }: WriteTextFileRequest): Promise<{ oldText: string | null }> {
    try {
      const real = await this.confine('fs/write_text_file', path);
      await mkdir(dirname(real), { recursive: true });
      const oldText = await readFile(real, 'utf8').catch((error: unknown) => {
        if (errnoOf(error) === 'ENOENT') return null;
        throw error;
      });
      await writeFile(real, content, 'utf8');
      return { oldText };
    } catch (error) {
      throw toRequestError(error, path);
    }
  }

  /**
   * The real path of `path`, once it is known to be one the agent may use (`method` names the
   * request for the log).
   */
  async confine(method: string, path: string): Promise<string> {
    if (typeof path !== 'string' || !isAbsolute(path)) {
      throw RequestError.invalidParams({ path }, `${String(path)} is not an absolute path`);
    }
    const root = await realpath(this.#cwd).catch(() => {
      throw RequestError.internalError({ cwd: this.#cwd }, `${this.#cwd} no longer exists`);
    });
    const real = await realPathOf(resolve(path));
    if (!within(root, real)) {
      this.#onRefused({ method, path, reason: 'outside' });
      const reason = `${path} is outside the agent's working folder ${this.#cwd}`;
      // Qwen Code's name for it: it then reads its own files (~/.qwen) from the disk itself.
      const data = { path, cwd: this.#cwd, errorKind: 'path_outside_workspace' };
      throw RequestError.invalidParams(data, reason);
    }
    if (await this.#owned(real)) {
      this.#onRefused({ method, path, reason: 'switchboard' });
      const reason = `${path} is one of Switchboard's own files (its configuration or state): agents may not read or write it`;
      throw RequestError.invalidParams({ path }, reason);
    }
    return real;
  }

  /**
   * Whether real path `real` is one of Switchboard's own files or in one of its folders, by real
   * path and by identity (a hard link, a bind mount), both taken at each request: a state dir or
   * a configuration made after the agent started (or moved behind a symlink) is still refused.
   */
  async #owned(real: string): Promise<boolean> {
    for (const own of this.#own) if (within(await realPathOf(own), real)) return true;
    return isOwnedBy(real, await ownIdentities(this.#own, real));
  }
}
