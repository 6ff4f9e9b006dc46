import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  ConversationDatabase,
  DatabaseError,
  type DatabaseProblemKind,
} from '../../../host/conversations/ConversationDatabase.ts';
import { latestVersion } from '../../../host/conversations/migrations.ts';
import { typescriptProcess } from '../../helpers/typescriptProcess.ts';

const holder = 'test/host/conversations/holdDatabase.ts';

let dir: string;
let file: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-db-'));
  file = join(dir, 'conversations.db');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function openingProblem(language: 'en' | 'fr' = 'en'): DatabaseError {
  try {
    ConversationDatabase.open(file, { language }).close();
  } catch (error) {
    if (error instanceof DatabaseError) return error;
    throw error;
  }
  throw new Error('the database opened');
}

/** A process that holds the database open, once it says so. */
async function holdingProcess(): Promise<ChildProcess> {
  const { command, args } = typescriptProcess(holder, ['hold', file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

interface Attempt {
  ok: boolean;
  kind?: DatabaseProblemKind;
  message?: string;
  ms?: number;
}

/** What another process gets when it opens the database. */
async function openInAnotherProcess(): Promise<Attempt> {
  const { command, args } = typescriptProcess(holder, ['try', file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], timeout: 20_000 });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(output) as Attempt;
}

describe('one host at a time', () => {
  test('a second process is refused at once, told how to run a second host', async () => {
    const database = ConversationDatabase.open(file, { language: 'en' });
    try {
      const attempt = await openInAnotherProcess();
      expect(attempt).toMatchObject({ ok: false, kind: 'locked' });
      expect(attempt.message).toContain(file);
      expect(attempt.message).toContain('SWITCHBOARD_STATE_DIR=');
      expect(attempt.ms).toBeLessThan(1000);
    } finally {
      database.close();
    }
    expect(await openInAnotherProcess()).toEqual({ ok: true });
  });

  test('a host killed with SIGKILL leaves no lock behind', async () => {
    const child = await holdingProcess();
    expect(openingProblem().kind).toBe('locked');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    ConversationDatabase.open(file, { language: 'en' }).close();
  });
});

describe('a file it cannot use is left as it is', () => {
  test('a file that is not a database is unreadable, and not touched', () => {
    const garbage = Buffer.from('this is not SQLite '.repeat(300));
    writeFileSync(file, garbage);
    const problem = openingProblem();
    expect(problem).toMatchObject({ kind: 'unreadable', file });
    expect(problem.message).toContain(file);
    expect(problem.message).toContain('file is not a database');
    expect(readFileSync(file)).toEqual(garbage);
    expect(readdirSync(dir)).toEqual(['conversations.db']);
  });

  test('a folder where the file should be is unreadable (fr)', () => {
    mkdirSync(file);
    const problem = openingProblem('fr');
    expect(problem.kind).toBe('unreadable');
    expect(problem.message).toContain(`La base des conversations ${file} est illisible`);
    expect(readdirSync(file)).toEqual([]);
  });

  test('a database of a newer Switchboard is refused, and not touched', () => {
    const newer = new Database(file);
    newer.exec("CREATE TABLE future (x TEXT); INSERT INTO future VALUES ('kept')");
    newer.pragma(`user_version = ${latestVersion + 1}`);
    newer.close();
    const before = readFileSync(file);
    const problem = openingProblem();
    expect(problem).toMatchObject({ kind: 'newer', file });
    expect(problem.message).toContain(file);
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(dir)).toEqual(['conversations.db']);
  });

  test('a missing folder is made', () => {
    file = join(dir, 'a', 'b', 'conversations.db');
    ConversationDatabase.open(file, { language: 'en' }).close();
    expect(readdirSync(join(dir, 'a', 'b'))).toContain('conversations.db');
  });
});
