/**
 * The conversations database's file before SQLite opens it: made private when missing, and
 * checked when it holds something.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { privateDirMode, privateFileMode } from '../privateFiles.ts';

/** How the file stood before the open: missing (now made), 0 bytes with nothing to replay, or kept. */
export type DatabaseFileState = 'made' | 'empty' | 'kept';

/**
 * Makes `file` (and its folder) when missing, private: SQLite gives its `-wal` the mode of the
 * database file, so the file is 0600 before SQLite first opens it.
 */
export function prepareDatabaseFile(file: string): DatabaseFileState {
  mkdirSync(dirname(file), { recursive: true, mode: privateDirMode });
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) {
    try {
      closeSync(openSync(file, 'wx', privateFileMode));
      return 'made';
    } catch (error) {
      // Another host made it first: its lock decides which of the two goes on.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return 'kept';
    }
  }
  // A 0-byte file with a write-ahead log is one SQLite replays, not one it makes anew.
  const log = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  return size === 0 && log === 0 ? 'empty' : 'kept';
}

/** What `PRAGMA quick_check` found: nothing, damage, or no answer (it failed, or took too long). */
export type IntegrityCheck =
  | { kind: 'sound' }
  | { kind: 'damaged'; reason: string }
  /** Without `reason`, the check took longer than it may. */
  | { kind: 'unchecked'; reason?: string };

/** How long a start waits for the check: it reads every page, about a second a gigabyte. */
export const checkTimeoutMs = 3000;

// Plain CommonJS for `node -e`: argv holds better-sqlite3's path, then the file.
const checkScript = `
const [modulePath, file] = process.argv.slice(1);
const Database = require(modulePath);
let answer;
try {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    answer = { rows: db.pragma('quick_check(10)').map((row) => row.quick_check) };
  } finally {
    db.close();
  }
} catch (error) {
  answer = { code: error.code, message: error.message };
}
process.stdout.write(JSON.stringify(answer));
`;

type CheckAnswer = { rows: string[] } | { code?: string; message: string };

/**
 * `PRAGMA quick_check` of the database `file` (closed), bounded in time: SQLite cannot be
 * interrupted here, so it runs in a child process that is killed after `timeoutMs`, its locks with
 * it. A file SQLite reads as damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) is `damaged` too.
 */
export function checkIntegrity(file: string, timeoutMs = checkTimeoutMs): IntegrityCheck {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawnSync(process.execPath, ['-e', checkScript, sqlite, file], {
    encoding: 'utf8',
    env: {},
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const failure: NodeJS.ErrnoException | undefined = child.error;
  if (failure?.code === 'ETIMEDOUT') return { kind: 'unchecked' };
  if (failure) return { kind: 'unchecked', reason: failure.message };
  let answer: CheckAnswer;
  try {
    answer = JSON.parse(child.stdout) as CheckAnswer;
  } catch {
    const end = child.signal ? `signal ${child.signal}` : `exit code ${child.status}`;
    return { kind: 'unchecked', reason: child.stderr.trim() || end };
  }
  if ('rows' in answer) {
    const problems = answer.rows.flatMap((row) => row.split('\n')).filter(isProblem);
    return problems.length === 0 ? { kind: 'sound' } : { kind: 'damaged', reason: problems[0]! };
  }
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(answer.code ?? '')) {
    return { kind: 'damaged', reason: answer.message };
  }
  return { kind: 'unchecked', reason: answer.message };
}

/** A line of quick_check's answer that says something is wrong (not `ok`, nor a heading). */
const isProblem = (line: string) => line !== 'ok' && !/^\*\*\* in database \w+ \*\*\*$/.test(line);
