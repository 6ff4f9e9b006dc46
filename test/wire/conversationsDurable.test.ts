/**
 * The conversations database through a real host process: what a SIGKILL mid-answer leaves, a
 * second host on the same state dir, and a database that cannot be opened.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConversationDatabase,
  type ConversationChange,
} from '../../host/conversations/ConversationDatabase.ts';
import { flushDelayMs } from '../../host/conversations/ConversationStore.ts';
import { ChatClient, runScript, script, textOf } from '../helpers/chat.ts';
import { sampleTool } from '../host/conversations/sampleMessages.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, hostUntilExit } from '../helpers/hostProcess.ts';

const start = hostPerTest();
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const databaseOf = (folder: string) => join(folder, 'state', 'conversations.db');

/**
 * Stores in `file`, as a previous host would have, the conversation `large` of `config`'s agent `a`:
 * `count` messages, questions and answers, a tool call with its diff in each answer, the word
 * "platypus" in the answer at 7777.
 */
function storeConversation(config: string, file: string, count: number): ConversationChange[] {
  const database = ConversationDatabase.open(file, { language: 'en' });
  database.create(config, 'a', 'large', '2026-11-01T00:00:00.000Z');
  const changes: ConversationChange[] = Array.from({ length: count }, (_, position) => ({
    kind: 'message',
    conversation: 'large',
    position,
    message: {
      id: `m${position}`,
      agent: 'a',
      createdAt: '2026-11-01T00:00:00.000Z',
      role: position % 2 === 0 ? 'user' : 'agent',
      parts:
        position % 2 === 0
          ? [{ kind: 'text', text: `question ${position}` }]
          : [
              { kind: 'text', text: `answer ${position}${position === 7777 ? ' platypus' : ''}` },
              { kind: 'tool', tool: { ...sampleTool(), id: `t${position}` } },
            ],
      done: true,
      queued: false,
    },
  }));
  database.write(changes);
  database.close();
  return changes;
}

describe('a host killed in the middle of an answer', () => {
  it('restarts with the conversation up to its last batch, the answer ended, the file sound', async () => {
    const config = configText({ a: ['--session'] });
    const host = await start(config);
    const chat = new ChatClient(await host.connect());
    const id = await chat.send('a', script({ paced: { count: 400, everyMs: 5 } }));
    // Well past one batch of writes (250 ms), well before the answer's end (2 s).
    await expect.poll(() => textOf(chat.answerTo('a', id)).split(' ').length > 120).toBe(true);
    // The host writes a batch flushDelayMs after a change, to a database no one else may read
    // while it runs: nothing shows the write, so give it the time it takes.
    await new Promise((resolve) => setTimeout(resolve, flushDelayMs + 50));
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

describe('a host killed right after Send answered', () => {
  it('has every acknowledged message after the restart', async () => {
    const config = configText({ a: ['--session'] });
    let host = await start(config);
    // Each round kills the host as soon as its last Send resolves: inside the batch's 250 ms.
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const chat = new ChatClient(await host.connect());
      for (let message = 0; message < 3; message++) {
        acknowledged.push(await chat.send('a', `round ${round}, message ${message}`));
      }
      await host.kill();
      host = await start(config, [], {}, { folder: host.folder });
      const restored = await new ChatClient(await host.connect()).conversation('a');
      const ids = new Set(restored.messages.map((message) => message.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    }
  }, 60_000);
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
    expect(await readFile(databaseOf(folder), 'utf8')).toBe(garbage);
  });

  it('refuses a database damaged after its header, says so in the user’s language, and leaves it as it was', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-damaged-'));
    folders.push(folder);
    await writeFile(
      join(folder, 'config.yaml'),
      configText({ a: ['--session'] }, 'language: fr\n'),
    );
    await mkdir(join(folder, 'state'));
    storeConversation(join(folder, 'config.yaml'), databaseOf(folder), 300);
    const bytes = await readFile(databaseOf(folder));
    // The header and the schema read at open stay; the pages of the second half become garbage.
    for (let at = bytes.length / 2; at < bytes.length; at++) bytes[at] = (at * 7919) & 0xff;
    await writeFile(databaseOf(folder), bytes);
    const { code, output } = await hostUntilExit(folder);
    expect(code).toBe(2);
    expect(output).toContain(`La base des conversations ${databaseOf(folder)} est endommagée`);
    expect(output).toContain('Déplacez ce fichier ailleurs');
    expect(output).not.toMatch(/\bat .*\.js:\d+/);
    expect((await readFile(databaseOf(folder))).equals(bytes)).toBe(true);
  });

  it('makes an empty (0-byte) database again, and says so', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-empty-'));
    folders.push(folder);
    await mkdir(join(folder, 'state'));
    await writeFile(databaseOf(folder), '');
    const host = await start(configText({ a: ['--session'] }), [], {}, { folder });
    expect(host.output()).toContain(
      `The conversations database ${databaseOf(folder)} was empty (0 bytes): Switchboard made it again`,
    );
    const chat = new ChatClient(await host.connect());
    expect(await runScript(chat, 'a', { text: 'kept' })).toBe('kept');
    expect((await stat(databaseOf(folder))).size).toBeGreaterThan(0);
  });
});

describe('a conversation of 10 000 messages', () => {
  it('is restored, opened, searched and goes on', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-large-'));
    folders.push(folder);
    const config = configText({ a: ['--session'] });
    const configPath = join(folder, 'config.yaml');
    await writeFile(configPath, config);
    // Stored by a previous host: 10 000 messages, a tool call with its diff in every answer.
    const changes = storeConversation(configPath, databaseOf(folder), 10_000);

    const host = await start(config, [], {}, { folder });
    const chat = new ChatClient(await host.connect());
    const restored = await chat.conversation('a');
    expect(restored.id).toBe('large');
    expect(restored.messages).toHaveLength(10_000);
    expect(restored.messages[7777]).toEqual(
      changes[7777]!.kind === 'message' && changes[7777]!.message,
    );
    const hits = (await chat.wire.call('ChatService.Search', ['platypus'])).result as {
      messageId: string;
    }[];
    expect(hits.map((hit) => hit.messageId)).toEqual(['m7777']);
    await runScript(chat, 'a', { text: 'still here' });
    const history = (await chat.wire.call('ChatService.History', ['a'])).result as {
      messages: number;
    }[];
    // The message, `agent-restarted` (no session was stored with it), and the answer.
    expect(history).toMatchObject([{ messages: 10_003 }]);
  });
});
