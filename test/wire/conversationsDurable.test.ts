/**
 * The conversations database through a real host process: what a SIGKILL mid-answer leaves, a
 * second host on the same state dir, and a database that cannot be opened.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient, script, textOf } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, hostUntilExit } from '../helpers/hostProcess.ts';

const start = hostPerTest();
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const databaseOf = (folder: string) => join(folder, 'state', 'conversations.db');

describe('a host killed in the middle of an answer', () => {
  it('restarts with the conversation up to its last batch, the answer ended, the file sound', async () => {
    const config = configText({ a: ['--session'] });
    const host = await start(config);
    const chat = new ChatClient(await host.connect());
    const id = await chat.send('a', script({ paced: { count: 400, everyMs: 5 } }));
    // Well past one batch of writes (250 ms), well before the answer's end (2 s).
    await expect.poll(() => textOf(chat.answerTo('a', id)).split(' ').length > 120).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = textOf(chat.answerTo('a', id));
    await host.kill();

    const file = new Database(databaseOf(host.folder), { fileMustExist: true });
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    file.close();

    const again = await start(config, [], {}, { folder: host.folder });
    const restored = await new ChatClient(await again.connect()).conversation('a');
    expect(restored.busy).toBe(false);
    const answer = restored.messages.at(-1)!;
    expect(answer).toMatchObject({
      role: 'agent',
      done: true,
      error: 'the host stopped before this answer was finished',
    });
    const kept = textOf(answer);
    expect(kept.length).toBeGreaterThan(0);
    expect(seen.startsWith(kept)).toBe(true);
  });
});

describe('the state dir', () => {
  it('is refused to a second host while the first runs, in the user’s language', async () => {
    const first = await start(configText({ a: ['--session'] }, 'language: fr\n'));
    const second = await hostUntilExit(first.folder);
    expect(second.code).toBe(2);
    expect(second.output).toContain(
      `La base des conversations ${databaseOf(first.folder)} est utilisée par un autre hôte Switchboard`,
    );
    expect(second.output).toContain('SWITCHBOARD_STATE_DIR=');
    // The first host goes on as if nothing happened.
    expect((await first.rpc('ChatService.Conversation', ['a'])).error).toBeUndefined();
  });

  it('says why and where when its database cannot be read, and leaves the file as it was', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-unreadable-'));
    folders.push(folder);
    await writeFile(join(folder, 'config.yaml'), configText({ a: ['--session'] }));
    await mkdir(join(folder, 'state'));
    const garbage = 'these are not the bytes of a SQLite database'.repeat(200);
    await writeFile(databaseOf(folder), garbage);
    const { code, output } = await hostUntilExit(folder);
    expect(code).toBe(2);
    expect(output).toContain(`The conversations database ${databaseOf(folder)} cannot be read`);
    expect(output).toContain('Move this file away');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(databaseOf(folder), 'utf8')).toBe(garbage);
  });
});
