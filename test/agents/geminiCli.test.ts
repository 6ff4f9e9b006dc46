/**
 * The real Gemini CLI (`@google/gemini-cli`, pinned in devDependencies) through a real host,
 * offline: its model is the fake Gemini API of `test/fixtures/fakeGeminiApi.ts`, scripted to
 * answer, to answer slowly, and to call Gemini's `write_file` tool. That tool reads its target
 * through `fs/read_text_file` first, and gives up unless a missing file reads as empty
 * (`workers/agentQuirks.ts`).
 */
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { translate } from '../../host/i18n.ts';
import type { ToolCallView } from '../../schema/conversation.ts';
import { startFakeGeminiApi, type ScriptedTurn } from '../fixtures/fakeGeminiApi.ts';
import { ChatClient, textOf } from '../helpers/chat.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const geminiPackage = createRequire(import.meta.url).resolve('@google/gemini-cli/package.json');
const geminiBundle = join(dirname(geminiPackage), 'bundle', 'gemini.js');

/** Gemini starts in a few seconds; a loaded 2-core CI machine may take several times that. */
const geminiTimeoutMs = 90_000;
/** The first turn of a session includes Gemini's `session/new`. */
const turnTimeoutMs = 30_000;

/** Gemini CLI's settings (`~/.gemini/settings.json`) for a run that calls only the fake API. */
const geminiSettings = {
  // Usage statistics go to play.googleapis.com, telemetry to an OpenTelemetry collector.
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  // Else the host's temporary folder is untrusted, where Gemini refuses autoEdit and yolo.
  security: { folderTrust: { enabled: false } },
};

/** The configuration of the agent `gemini`, working in the configuration's own folder. */
function geminiConfig(apiUrl: string, home: string): string {
  const env = {
    HOME: home,
    GEMINI_API_KEY: 'dummy',
    GOOGLE_GEMINI_BASE_URL: apiUrl,
    // A fixed model: "auto" first asks a classifier model which one to use.
    GEMINI_MODEL: 'gemini-2.5-flash',
    // One process: by default Gemini relaunches itself with a bigger heap.
    GEMINI_CLI_NO_RELAUNCH: 'true',
    // The GenAI client sends every request through a proxy from the environment, 127.0.0.1 too.
    HTTPS_PROXY: '',
    https_proxy: '',
    HTTP_PROXY: '',
    http_proxy: '',
  };
  return [
    'language: en',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  gemini:',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify([geminiBundle, '--acp'])}`,
    `    env: ${JSON.stringify(env)}`,
    '',
  ].join('\n');
}

/**
 * A host whose agent `gemini` is Gemini CLI on a fake API scripted with `turns(folder)`, working in
 * `folder`, the host's folder (where its configuration lives), started and ready.
 */
async function geminiHost(turns: (folder: string) => ScriptedTurn[]) {
  const host = await start('language: en\nagents: {}\n');
  // The paths Gemini sees: its cwd is sent as a real path (`/tmp` is a symlink on macOS).
  const api = await startFakeGeminiApi(turns(await realpath(host.folder)));
  const home = await mkdtemp(join(tmpdir(), 'switchboard-gemini-home-'));
  // After hostPerTest's afterEach: the host, and with it the agent, has exited.
  onTestFinished(async () => {
    await api.close();
    await rm(home, { recursive: true, force: true, maxRetries: 3 });
  });
  await mkdir(join(home, '.gemini'));
  await writeFile(join(home, '.gemini', 'settings.json'), JSON.stringify(geminiSettings));
  const config = geminiConfig(api.url, home);
  await writeFile(host.configPath, config);
  const chat = new ChatClient(await host.connect());
  await expect
    .poll(async () => (await chat.wire.call('AgentService.List')).result)
    .toEqual([expect.objectContaining({ name: 'gemini' })]);
  const started = await chat.wire.call('AgentService.Start', ['gemini']);
  expect(started.error, logsOf(host)).toBeUndefined();
  return { host, api, chat, config };
}

const logsOf = (host: HostProcess) => host.output().slice(-4000);

/** The answer to the user message `id`, once done, without an error. */
async function answered(chat: ChatClient, id: string) {
  await expect.poll(() => chat.answerTo('gemini', id)?.done, { timeout: turnTimeoutMs }).toBe(true);
  const answer = chat.answerTo('gemini', id)!;
  expect(answer.error).toBeUndefined();
  return answer;
}

const tools = (chat: ChatClient, messageId: string): ToolCallView[] =>
  chat
    .folded('gemini')
    .messages.filter((message) => message.id === messageId)
    .flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool] : [])),
    );

describe('Gemini CLI through Switchboard', () => {
  it(
    'creates a new file with write_file, once the user allows it',
    async () => {
      let path = '';
      const { api, chat } = await geminiHost((folder) => {
        path = join(folder, 'notes', 'hello.txt');
        const args = { file_path: path, content: 'Hello from Gemini\n' };
        return [{ marker: 'CREATE-FILE', call: { name: 'write_file', args }, answer: 'Created.' }];
      });

      const sent = await chat.send('gemini', 'CREATE-FILE notes/hello.txt');
      await expect
        .poll(
          () => chat.folded('gemini').permissions.length > 0 || chat.answerTo('gemini', sent)?.done,
          { timeout: turnTimeoutMs },
        )
        .toBe(true);
      // Gemini reads the file before it asks: a failed read ends the turn with its error, unasked.
      expect(api.toolResults).toEqual([]);
      const request = await chat.permission('gemini');
      expect(request.toolCall).toMatchObject({ kind: 'edit' });
      const allow = request.options.find((option) => option.kind === 'allow_once')!;
      const answered = await chat.wire.call('ChatService.AnswerPermission', [
        request.id,
        allow.optionId,
      ]);
      expect(answered.error).toBeUndefined();
      const answer = await chat.answer('gemini', sent);

      expect(api.toolResults).toEqual([
        { name: 'write_file', response: { output: expect.stringContaining(path) as string } },
      ]);
      expect(await readFile(path, 'utf8')).toBe('Hello from Gemini\n');
      expect(answer.error).toBeUndefined();
      expect(answer.stopReason).toBe('end_turn');
      expect(textOf(answer)).toContain('Created.');
      // Gemini shows the diff itself, from the empty content it read: `newFile` is false.
      expect(tools(chat, answer.id)).toContainEqual(
        expect.objectContaining({
          kind: 'edit',
          status: 'completed',
          diffs: [expect.objectContaining({ path, oldText: '', newText: 'Hello from Gemini\n' })],
        }),
      );
      expect(api.unknown).toEqual([]);
      await chat.settled('gemini');
    },
    geminiTimeoutMs,
  );

  it(
    "cannot write Switchboard's configuration in its own working folder",
    async () => {
      let configPath = '';
      const { host, api, chat, config } = await geminiHost((folder) => {
        configPath = join(folder, 'config.yaml');
        const args = { file_path: configPath, content: 'agents: {}\n' };
        return [{ marker: 'OVERWRITE', call: { name: 'write_file', args }, answer: 'Tried.' }];
      });
      expect(configPath).toBe(await realpath(host.configPath));

      const sent = await chat.send('gemini', 'OVERWRITE config.yaml');
      await expect
        .poll(() => chat.answerTo('gemini', sent)?.done, { timeout: turnTimeoutMs })
        .toBe(true);
      const answer = await chat.answer('gemini', sent);

      expect(answer.error).toBeUndefined();
      expect(textOf(answer)).toContain('Tried.');
      // write_file reads the file first: Switchboard refuses the read, so Gemini never writes.
      expect(api.toolResults).toEqual([
        {
          name: 'write_file',
          response: { error: expect.stringContaining("one of Switchboard's own files") as string },
        },
      ]);
      expect(await readFile(configPath, 'utf8')).toBe(config);
      const logs = (await chat.wire.call('AgentService.Logs', ['gemini'])).result as string[];
      expect(logs).toContain(
        translate('en', 'files.refusedOwn', { method: 'fs/read_text_file', path: configPath }),
      );
      await chat.settled('gemini');
    },
    geminiTimeoutMs,
  );

  it(
    'answers, changes mode, and cancels a slow answer',
    async () => {
      let path = '';
      const { api, chat } = await geminiHost((folder) => {
        path = join(folder, 'edited.txt');
        const args = { file_path: path, content: 'auto edit\n' };
        return [
          { marker: 'HELLO', answer: 'Hello from the fake Gemini.' },
          { marker: 'CREATE-FILE', call: { name: 'write_file', args }, answer: 'Created.' },
          { marker: 'SLOW', answer: 'Never finished.', slow: true },
        ];
      });
      const hello = await answered(chat, await chat.send('gemini', 'HELLO there'));
      expect(textOf(hello)).toBe('Hello from the fake Gemini.');
      const offered = await chat.settled('gemini');
      expect(offered.modes?.current).toBe('default');
      expect(offered.modes?.available.map((mode) => mode.id)).toEqual(
        expect.arrayContaining(['default', 'autoEdit', 'yolo']),
      );
      // Gemini offers its models through `session/set_model` only, which ACP has not settled.
      expect(offered.options).toEqual([]);

      const set = await chat.wire.call('ChatService.SetMode', ['gemini', 'autoEdit']);
      expect(set.error).toBeUndefined();
      expect((await chat.conversation('gemini')).modes?.current).toBe('autoEdit');
      // In autoEdit, Gemini writes without asking.
      const created = await answered(chat, await chat.send('gemini', 'CREATE-FILE'));
      expect(textOf(created)).toContain('Created.');
      expect(await readFile(path, 'utf8')).toBe('auto edit\n');
      expect(chat.folded('gemini').permissions).toEqual([]);

      const slow = await chat.send('gemini', 'SLOW please');
      await expect
        .poll(() => textOf(chat.answerTo('gemini', slow)), { timeout: turnTimeoutMs })
        .toContain('slowly');
      expect((await chat.wire.call('ChatService.Cancel', ['gemini'])).error).toBeUndefined();
      const cancelled = await answered(chat, slow);
      await expect.poll(() => api.hangups).toBe(1);
      expect(textOf(cancelled)).not.toContain('Never finished.');
      expect(cancelled.stopReason).toBe('cancelled');
      await chat.settled('gemini');
    },
    geminiTimeoutMs,
  );

  it(
    'after Stop and Start, says it starts anew when its session/load finds nothing to load',
    async () => {
      const { api, chat } = await geminiHost(() => [
        { marker: 'FIRST', answer: 'First answer.' },
        { marker: 'SECOND', answer: 'Second answer.' },
      ]);
      await answered(chat, await chat.send('gemini', 'FIRST turn'));
      expect((await chat.wire.call('AgentService.Stop', ['gemini'])).error).toBeUndefined();
      expect((await chat.wire.call('AgentService.Start', ['gemini'])).error).toBeUndefined();
      const second = await answered(chat, await chat.send('gemini', 'SECOND turn'));
      expect(textOf(second)).toBe('Second answer.');
      // Gemini CLI 0.61.0's session/load starts recording the session (its file then holds only
      // the new session context) before it reads it back, a race it nearly always loses: it
      // answers -32603 "No previous sessions found for this project.", and Switchboard starts a
      // new session, as it says. Once in a while it wins, and the session goes on. Either way,
      // what the model is sent and what the user is told agree.
      const resumed = JSON.stringify(api.calls.at(-1)).includes('FIRST turn');
      const shown = chat.folded('gemini').messages.map((message) => message.code ?? message.role);
      expect(shown).toEqual(
        resumed
          ? ['user', 'agent', 'user', 'agent']
          : ['user', 'agent', 'user', 'agent-restarted', 'agent'],
      );
      await chat.settled('gemini');
    },
    geminiTimeoutMs,
  );
});
