import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  client,
  methods,
  ndJsonStream,
  type PermissionOptionKind,
  type RequestPermissionRequest,
  type SessionUpdate,
} from '@agentclientprotocol/sdk';
import { typescriptProcess } from '../helpers/typescriptProcess.ts';

let folder: string;
let work: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'builtin-agent-'));
  work = join(folder, 'work');
  await mkdir(join(work, 'src'), { recursive: true });
  await mkdir(join(work, 'node_modules', 'dep'), { recursive: true });
  await writeFile(join(work, 'README.md'), '# Demo project\n\nA folder for tests.\n');
  await writeFile(
    join(work, 'notes.txt'),
    'first line of the notes\nsecond line, with more words in it\nthird line\n',
  );
  await writeFile(join(work, 'src', 'index.ts'), 'export function greet() {}\n');
  await writeFile(join(work, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
  await writeFile(join(folder, 'outside'), 'a secret outside the working folder\n');
  const sentence = 'every line of this long file holds a dozen words to stream slowly';
  await writeFile(join(work, 'long.txt'), `${Array(15).fill(sentence).join('\n')}\n`);
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.stdin.end();
    await Promise.race([once(child, 'exit'), sleep(2000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await rm(folder, { recursive: true, force: true });
});

/**
 * Starts the agent in `work`, with a client that answers permissions with `answer` and, when
 * `language` is given, says it in `_meta` as Switchboard's worker does.
 */
async function start(answer: PermissionOptionKind | 'never' = 'allow_once', language?: string) {
  const _meta = language ? { 'switchboard/language': language } : undefined;
  const { command, args } = typescriptProcess('scripts/builtinAgent/main.ts');
  const child = spawn(command, args, { cwd: work, stdio: 'pipe' });
  children.push(child);
  const updates: SessionUpdate[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const connection = client({ name: 'builtin-agent-test' })
    .onNotification(methods.client.session.update, ({ params }) => {
      updates.push(params.update);
    })
    .onRequest(methods.client.session.requestPermission, async ({ params }) => {
      permissions.push(params);
      if (answer === 'never') return new Promise<never>(() => {});
      const option = params.options.find(({ kind }) => kind === answer);
      return {
        outcome: option
          ? { outcome: 'selected', optionId: option.optionId }
          : { outcome: 'cancelled' },
      };
    })
    .connect(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
  const initialized = await connection.agent.request(methods.agent.initialize, {
    protocolVersion: 1,
  });
  const { sessionId } = await connection.agent.request(methods.agent.session.new, {
    cwd: work,
    mcpServers: [],
    _meta,
  });
  const commands = await vi.waitFor(() => {
    const update = updates.find((each) => each.sessionUpdate === 'available_commands_update');
    if (!update) throw new Error('no available_commands_update yet');
    return update.availableCommands;
  });

  /** Sends `text` (in `_meta`'s language, or `turnLanguage`'s), returns its stop reason and updates. */
  async function prompt(text: string, turnLanguage = language) {
    const from = updates.length;
    const { stopReason } = await connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text }],
      _meta: turnLanguage ? { 'switchboard/language': turnLanguage } : undefined,
    });
    await new Promise((resolve) => setImmediate(resolve)); // let the last updates' handlers run
    return { stopReason, updates: updates.slice(from) };
  }
  return { connection, initialized, sessionId, commands, updates, permissions, prompt };
}

function messageChunks(updates: SessionUpdate[]): string[] {
  return updates.flatMap((update) =>
    update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text'
      ? [update.content.text]
      : [],
  );
}

function toolText(updates: SessionUpdate[]): string {
  return updates
    .flatMap((update) =>
      update.sessionUpdate === 'tool_call_update' ? (update.content ?? []) : [],
    )
    .map((content) =>
      content.type === 'content' && content.content.type === 'text' ? content.content.text : '',
    )
    .join('\n');
}

describe('builtinAgent', () => {
  it('answers protocol version 1, even to a client that asks for 2', async () => {
    const { connection, initialized } = await start();
    expect(initialized.protocolVersion).toBe(1);
    expect(initialized.agentInfo?.name).toBe('switchboard-builtin');
    const again = await connection.agent.request(methods.agent.initialize, { protocolVersion: 2 });
    expect(again.protocolVersion).toBe(1);
  });

  it('takes a session up again after a restart (session/resume), asking again before it runs', async () => {
    const { initialized } = await start();
    expect(initialized.agentCapabilities?.sessionCapabilities?.resume).toEqual({});
    const { connection, updates } = await start();
    const sessionId = 'a-session-of-an-earlier-run';
    expect(
      await connection.agent.request(methods.agent.session.resume, { sessionId, cwd: work }),
    ).toEqual({});
    const { stopReason } = await connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: '/ls' }],
    });
    expect(stopReason).toBe('end_turn');
    await vi.waitFor(() => expect(messageChunks(updates).join('')).toContain('README.md'));
  });

  it('advertises its commands after session/new', async () => {
    const { commands } = await start();
    expect(commands.map(({ name }) => name)).toEqual(['help', 'ls', 'read', 'grep', 'run', 'plan']);
    expect(commands[0]?.description).toBe('What I can do');
  });

  it('lists the files of its folder with /ls', async () => {
    const { prompt } = await start();
    const turn = await prompt('/ls');
    const text = messageChunks(turn.updates).join('');
    expect(turn.stopReason).toBe('end_turn');
    expect(text).toContain('README.md');
    expect(text).toContain('src/index.ts');
    expect(text).toContain('Demo project');
    expect(text).not.toContain('dep/index.js');
  });

  it('reads a file named in a question, with a thought, a plan, a tool call and streamed text', async () => {
    const { prompt } = await start();
    const turn = await prompt('What is in notes.txt?');
    expect(turn.stopReason).toBe('end_turn');
    expect(turn.updates[0]?.sessionUpdate).toBe('agent_thought_chunk');
    expect(turn.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call', kind: 'read' }),
    );
    expect(turn.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call_update', status: 'completed' }),
    );
    const plans = turn.updates.flatMap((update) =>
      update.sessionUpdate === 'plan' ? [update.entries] : [],
    );
    expect(plans[0]?.every(({ status }) => status === 'pending')).toBe(true);
    expect(plans.some((entries) => entries.some(({ status }) => status === 'in_progress'))).toBe(
      true,
    );
    expect(plans.at(-1)?.every(({ status }) => status === 'completed')).toBe(true);
    const chunks = messageChunks(turn.updates);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toContain('first line of the notes');
    expect(chunks.join('')).toContain('3 lines');
  });

  it('runs a command once allowed, and shows its output', async () => {
    const { prompt, permissions } = await start('allow_once');
    const turn = await prompt('/run echo hi');
    expect(permissions).toHaveLength(1);
    expect(permissions[0]?.options.map(({ kind }) => kind)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
    ]);
    expect(turn.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call_update', status: 'completed' }),
    );
    expect(toolText(turn.updates)).toContain('hi');
  });

  it('asks only once in a session when the user always allows', async () => {
    const { prompt, permissions } = await start('allow_always');
    await prompt('/run echo one');
    const second = await prompt('/run echo two');
    expect(permissions).toHaveLength(1);
    expect(toolText(second.updates)).toContain('two');
  });

  it('does not run a rejected command', async () => {
    const { prompt, permissions } = await start('reject_once');
    const turn = await prompt('/run touch created.txt');
    expect(permissions).toHaveLength(1);
    expect(turn.stopReason).toBe('end_turn');
    expect(messageChunks(turn.updates).join('')).toContain('did not run');
    expect(existsSync(join(work, 'created.txt'))).toBe(false);
  });

  it('refuses to read outside its folder', async () => {
    const { prompt } = await start();
    const turn = await prompt('/read ../outside');
    expect(messageChunks(turn.updates).join('')).toContain('outside my working folder');
    expect(JSON.stringify(turn.updates)).not.toContain('a secret');
  });

  it('stops a streamed answer on session/cancel', async () => {
    const { connection, sessionId, updates } = await start();
    const answered = connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: '/read long.txt' }],
    });
    await vi.waitFor(() => expect(messageChunks(updates).length).toBeGreaterThan(0), {
      interval: 5,
    });
    await connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect((await answered).stopReason).toBe('cancelled');
    expect(messageChunks(updates).join('')).not.toContain('stream slowly\n```');
  });

  it('stops a running command on session/cancel', async () => {
    const { connection, sessionId, updates } = await start('allow_once');
    const answered = connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: '/run sleep 30' }],
    });
    await vi.waitFor(
      () =>
        expect(updates).toContainEqual(
          expect.objectContaining({ sessionUpdate: 'tool_call_update', status: 'in_progress' }),
        ),
      { interval: 5 },
    );
    const cancelledAt = Date.now();
    await connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect((await answered).stopReason).toBe('cancelled');
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
  });

  it('stops waiting for a permission on session/cancel', async () => {
    const { connection, sessionId, updates, permissions } = await start('never');
    const answered = connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: '/run touch created.txt' }],
    });
    await vi.waitFor(() => expect(permissions).toHaveLength(1), { interval: 5 });
    await connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect((await answered).stopReason).toBe('cancelled');
    await new Promise((resolve) => setImmediate(resolve));
    expect(updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call_update', status: 'failed' }),
    );
    expect(existsSync(join(work, 'created.txt'))).toBe(false);
  });

  it('speaks French when the client says so in _meta, and understands a French question', async () => {
    const { prompt, commands, permissions } = await start('allow_once', 'fr');
    expect(commands[0]?.description).toBe('Ce que je sais faire');
    const turn = await prompt('que contient ce dossier ?');
    expect(turn.stopReason).toBe('end_turn');
    const text = messageChunks(turn.updates).join('');
    expect(text).toContain('Voici les fichiers et dossiers');
    expect(text).toContain('src/index.ts');
    expect(text).toContain('**Demo project**');
    const plan = turn.updates.flatMap((update) =>
      update.sessionUpdate === 'plan' ? update.entries.map(({ content }) => content) : [],
    );
    expect(plan).toContain('Lister le dossier de travail');
    expect(plan).toContain('Écrire la réponse');
    expect(turn.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call', title: 'Chercher un README' }),
    );
    expect(turn.updates[0]).toMatchObject({
      content: { text: expect.stringContaining('dossier') as unknown },
    });
    const read = await prompt('lis notes.txt');
    expect(messageChunks(read.updates).join('')).toContain('3 lignes');
    await prompt('exécute `echo salut`');
    expect(permissions.at(-1)?.options.map(({ name }) => name)).toEqual([
      'Exécuter une fois',
      'Toujours autoriser',
      'Refuser',
    ]);
    expect(permissions.at(-1)?.toolCall.title).toBe('Exécuter echo salut');
  });

  it('understands French in English, and follows the language of each turn', async () => {
    const { prompt } = await start();
    const english = await prompt('que contient ce dossier ?');
    expect(messageChunks(english.updates).join('')).toContain('Here are its files and folders');
    const search = await prompt('cherche second line', 'fr');
    const text = messageChunks(search.updates).join('');
    expect(text).toContain('notes.txt:2');
    expect(text).toContain('apparaît sur 1 ligne dans 1 fichier');
    const help = await prompt('bonjour', 'fr');
    expect(messageChunks(help.updates).join('')).toContain(
      'Je suis l’agent intégré de Switchboard',
    );
  });
});
