import { basename, dirname, resolve } from 'node:path';
import { watch } from 'chokidar';
import { readConfigText } from './readConfigText.ts';

/** A running watch on one configuration file. */
export interface ConfigWatcher {
  /**
   * Settles once the watch is in place (and the text to compare with is read): a change made
   * after it is reported. Settles too when the watcher is closed first.
   */
  readonly ready: Promise<void>;
  /** Stops watching. No `onChange` call happens after it is called; no timer is left behind. */
  close(): Promise<void>;
}

export interface ConfigWatcherOptions {
  /**
   * Quiet time after the last event on the file before it is read, in milliseconds. A burst of
   * writes, or the steps of a rename-save, within this window are reported once. Default 100.
   */
  settleMs?: number;
  /**
   * The text the caller loaded before watching. It is not reported, and a file that differs from
   * it by the time the watch is ready is reported. When omitted, the file is read once the watch
   * is ready and that text is not reported.
   */
  initialText?: string;
  /** Errors of the watcher and reads that fail for a reason other than a missing file. */
  onError?: (error: Error) => void;
}

const defaultSettleMs = 100;

/**
 * Watches one file and reports its new full text after it changed on disk, or `undefined` once
 * it is gone and stayed gone for two settle windows. The file's directory must exist.
 *
 * It watches the file's directory, so saves that replace the file (vim, VS Code and JetBrains
 * write a temporary file and rename it over the original), a delete then recreate and in-place
 * writes all count. Each report differs from the one before it: a burst of writes ends in one
 * report of the last version, and a rewrite with the same text is not reported.
 *
 * @example
 * const text = await readConfigText(path);
 * const watcher = watchConfigFile(path, (next) => reload(next), { initialText: text });
 * // later
 * await watcher.close();
 */
export function watchConfigFile(
  path: string,
  onChange: (text: string | undefined) => void,
  options: ConfigWatcherOptions = {},
): ConfigWatcher {
  const { settleMs = defaultSettleMs, onError = () => {} } = options;
  const file = resolve(path);
  const directory = dirname(file);
  const name = basename(file);

  let last = options.initialText;
  let known = options.initialText !== undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let eventDuringRead = false;
  let missingOnce = false;

  const settle = () => {
    if (closed) return;
    if (reading) eventDuringRead = true;
    clearTimeout(timer);
    timer = setTimeout(() => void check(), settleMs);
  };

  const check = async () => {
    timer = undefined;
    if (reading || closed) return;
    reading = true;
    eventDuringRead = false;
    const result = await readText(file);
    reading = false;
    if (closed) return;
    if (result instanceof Error) {
      if (eventDuringRead) settle();
      else onError(result);
      return;
    }
    if (!known) {
      known = true;
      last = result;
    }
    // A newer event means this read may already be stale: read again once it settles.
    if (eventDuringRead) return settle();
    if (result === undefined && last !== undefined && !missingOnce) {
      // Possibly between the unlink and the add of a save: look again after a quiet window.
      missingOnce = true;
      return settle();
    }
    missingOnce = false;
    if (result === last) return;
    last = result;
    onChange(result);
  };

  // `atomic` is off: the settle window already joins an unlink and the add that follows, and
  // chokidar's own 100 ms unlink timer would outlive close().
  const watcher = watch(directory, {
    depth: 0,
    ignoreInitial: true,
    atomic: false,
    ignored: (entry) => entry !== directory && entry !== file,
  });
  watcher.on('all', (_event, entry) => {
    if (entry === file) settle();
  });
  // chokidar drops a `change` that follows another within 50 ms, often the last write of a
  // burst; the raw fs.watch events of the directory and of the file itself are never dropped.
  watcher.on('raw', (_event, entry: string | null, details: unknown) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if ((watched === directory || watched === file) && (!entry || basename(entry) === name)) {
      settle();
    }
  });
  watcher.on('error', (error) =>
    onError(error instanceof Error ? error : new Error(String(error))),
  );

  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  watcher.once('ready', () => {
    // A file changed between the caller's read and now is reported after a settle.
    if (known) {
      settle();
      markReady();
    } else void check().finally(markReady);
  });

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      markReady();
      await watcher.close();
    },
  };
}

/** The file's text, `undefined` when it does not exist, or the error that kept it from being read. */
async function readText(file: string): Promise<string | undefined | Error> {
  try {
    return await readConfigText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return error instanceof Error ? error : new Error(String(error));
  }
}
