import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientFiles, maxReadBytes } from '../../workers/clientFiles.ts';

const sessionId = 's1';
const invalidParams = -32602;

let base: string;
let cwd: string;
let outside: string;
let files: ClientFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'switchboard-clientFiles-'));
  cwd = join(base, 'project');
  outside = join(base, 'elsewhere');
  await mkdir(cwd);
  await mkdir(outside);
  await writeFile(join(cwd, 'a.txt'), 'one\ntwo\r\nthree\nfour\n');
  await writeFile(join(outside, 'secret.txt'), 'secret\n');
  files = new ClientFiles(cwd);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** The RequestError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<RequestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

const read = (path: string, line?: number, limit?: number) =>
  files.read({ sessionId, path, line, limit });
const write = (path: string, content: string) => files.write({ sessionId, path, content });

describe('read', () => {
  it('reads a whole file', async () => {
    expect(await read(join(cwd, 'a.txt'))).toEqual({ content: 'one\ntwo\r\nthree\nfour\n' });
  });

  it('reads a slice of lines, 1-based, keeping their endings', async () => {
    const path = join(cwd, 'a.txt');
    expect((await read(path, 2, 2)).content).toBe('two\r\nthree\n');
    expect((await read(path, 3)).content).toBe('three\nfour\n');
    expect((await read(path, undefined, 1)).content).toBe('one\n');
    expect((await read(path, 9, 2)).content).toBe('');
  });

  it('refuses a line below 1 or a negative limit', async () => {
    const path = join(cwd, 'a.txt');
    expect((await refusal(read(path, 0))).code).toBe(invalidParams);
    expect((await refusal(read(path, 1, -1))).code).toBe(invalidParams);
  });

  it('reports a missing file with the SDK’s own resource-not-found error', async () => {
    const path = join(cwd, 'missing.txt');
    const error = await refusal(read(path));
    expect(error.code).toBe(-32002);
    // Gemini CLI takes a file for new only by these words (Qwen Code by the code).
    expect(error.message).toBe(`Resource not found: ${path}`);
    expect(error.data).toEqual({ uri: path });
  });

  it('answers a missing file with empty content for an agent that needs it, and nothing else', async () => {
    const quirk = { missingIsEmpty: true };
    expect(await files.read({ sessionId, path: join(cwd, 'missing.txt') }, quirk)).toEqual({
      content: '',
    });
    expect(await files.read({ sessionId, path: join(cwd, 'a.txt'), limit: 1 }, quirk)).toEqual({
      content: 'one\n',
    });
    const away = files.read({ sessionId, path: join(outside, 'missing.txt') }, quirk);
    expect((await refusal(away)).code).toBe(invalidParams);
    await mkdir(join(cwd, '.state'));
    files = new ClientFiles(cwd, { own: [join(cwd, '.state')] });
    const own = files.read({ sessionId, path: join(cwd, '.state', 'token') }, quirk);
    expect((await refusal(own)).code).toBe(invalidParams);
  });

  it('refuses a relative path', async () => {
    const error = await refusal(read('a.txt'));
    expect(error.code).toBe(invalidParams);
    expect(error.message).toContain('a.txt is not an absolute path');
  });

  it('refuses a path outside the working folder', async () => {
    const path = join(outside, 'secret.txt');
    const error = await refusal(read(path));
    expect(error.code).toBe(invalidParams);
    expect(error.message).toContain(`${path} is outside the agent's working folder ${cwd}`);
  });

  it('refuses a .. escape', async () => {
    const path = `${cwd}/sub/../../elsewhere/secret.txt`;
    expect((await refusal(read(path))).message).toContain('outside the agent');
  });

  it('refuses a symlink that leads outside, to a file or through a folder', async () => {
    await symlink(join(outside, 'secret.txt'), join(cwd, 'link.txt'));
    await symlink(outside, join(cwd, 'linkdir'));
    expect((await refusal(read(join(cwd, 'link.txt')))).message).toContain('outside the agent');
    const throughFolder = join(cwd, 'linkdir', 'secret.txt');
    expect((await refusal(read(throughFolder))).message).toContain('outside the agent');
  });

  it('follows a symlink that stays inside', async () => {
    await symlink(join(cwd, 'a.txt'), join(cwd, 'alias.txt'));
    expect((await read(join(cwd, 'alias.txt'), 1, 1)).content).toBe('one\n');
  });

  it('refuses a file over 10 MiB', async () => {
    const path = join(cwd, 'huge.log');
    await writeFile(path, '');
    await truncate(path, maxReadBytes + 1);
    const error = await refusal(read(path));
    expect(error.message).toContain(`${path} is ${maxReadBytes + 1} bytes, over the 10 MiB limit`);
  });
});

describe('write', () => {
  it('creates a new file and its parent folders', async () => {
    const path = join(cwd, 'src', 'deep', 'new.ts');
    expect(await write(path, 'export {};\n')).toEqual({ oldText: null });
    expect(await readFile(path, 'utf8')).toBe('export {};\n');
  });

  it('overwrites a file and returns what it held', async () => {
    const path = join(cwd, 'a.txt');
    expect(await write(path, 'new\n')).toEqual({ oldText: 'one\ntwo\r\nthree\nfour\n' });
    expect(await readFile(path, 'utf8')).toBe('new\n');
  });

  it('refuses a relative path', async () => {
    expect((await refusal(write('b.txt', 'x'))).code).toBe(invalidParams);
  });

  it('refuses a path outside, and writes nothing', async () => {
    const error = await refusal(write(join(outside, 'new', 'x.txt'), 'x'));
    expect(error.message).toContain(`is outside the agent's working folder ${cwd}`);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('refuses a .. escape, and writes nothing', async () => {
    await refusal(write(`${cwd}/../elsewhere/x.txt`, 'x'));
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('refuses symlink escapes, and writes nothing', async () => {
    await symlink(join(outside, 'secret.txt'), join(cwd, 'link.txt'));
    await symlink(join(outside, 'not-yet.txt'), join(cwd, 'dangling.txt'));
    await symlink(outside, join(cwd, 'linkdir'));
    for (const path of [
      join(cwd, 'link.txt'),
      join(cwd, 'dangling.txt'),
      join(cwd, 'linkdir', 'new.txt'),
      join(cwd, 'linkdir', 'sub', 'new.txt'),
    ]) {
      expect((await refusal(write(path, 'x'))).message).toContain('outside the agent');
    }
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });
});

describe("Switchboard's own files", () => {
  it('are refused inside the working folder, even named through a symlink, and reported', async () => {
    const state = join(cwd, '.state');
    await mkdir(state);
    await writeFile(join(cwd, 'config.yaml'), 'agents: {}\n');
    // The own paths are given as the host knows them: here through a link to the project.
    await symlink(cwd, join(base, 'project-link'));
    const refused: unknown[] = [];
    files = new ClientFiles(cwd, {
      own: [join(base, 'project-link', 'config.yaml'), join(base, 'project-link', '.state')],
      onRefused: (refusal) => refused.push(refusal),
    });
    for (const path of [join(cwd, 'config.yaml'), join(state, 'token'), join(state, 'db', 'x')]) {
      const error = await refusal(read(path));
      expect(error.code).toBe(invalidParams);
      expect(error.message).toMatch(/one of Switchboard's own files/);
      expect((await refusal(write(path, 'x'))).code).toBe(invalidParams);
    }
    expect(await readFile(join(cwd, 'config.yaml'), 'utf8')).toBe('agents: {}\n');
    expect(await readdir(state)).toEqual([]);
    expect(refused[0]).toEqual({
      method: 'fs/read_text_file',
      path: join(cwd, 'config.yaml'),
      reason: 'switchboard',
    });
    expect(refused).toHaveLength(6);
    // A neighbour whose name only starts like an own folder is the agent's.
    expect(await write(join(cwd, '.state-notes'), 'mine')).toEqual({ oldText: null });
  });

  it('reports a path outside the working folder as refused too', async () => {
    const refused: unknown[] = [];
    files = new ClientFiles(cwd, { onRefused: (refusal) => refused.push(refusal) });
    await refusal(write(join(outside, 'x'), 'x'));
    expect(refused).toEqual([
      { method: 'fs/write_text_file', path: join(outside, 'x'), reason: 'outside' },
    ]);
  });
});
