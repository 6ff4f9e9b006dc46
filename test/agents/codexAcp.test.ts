/**
 * The real Codex ACP adapter (`@zed-industries/codex-acp`, a native binary, pinned in
 * test/agents/package.json) through a real host, offline: its model is the fake Responses API of
 * `test/fixtures/fakeOpenAiResponsesApi.ts`, a `model_providers` entry of its `config.toml`. Codex
 * edits files (`apply_patch`) and runs commands (`exec_command`) itself, after asking through
 * `session/request_permission`.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { FakeModelApi, ScriptedTurn } from '../fixtures/fakeModel.ts';
import { startFakeOpenAiResponsesApi } from '../fixtures/fakeOpenAiResponsesApi.ts';
import { textOf } from '../helpers/chat.ts';
import {
  agentHostPerTest,
  agentPackage,
  answered,
  grant,
  noProxy,
  toolsOf,
  turn,
  type AgentPlace,
  expectCancelsSlowAnswer,
  expectResumes,
  resumeTurns,
} from '../helpers/realAgents.ts';

const start = agentHostPerTest();
// The base package's script only picks this one; npm may drop its executable bit.
const binary = join(
  agentPackage(`@zed-industries/codex-acp-${process.platform}-${process.arch}`),
  'bin',
  'codex-acp',
);

/** Codex's `config.toml`: the fake API as its model provider; no update check, no analytics. */
const codexConfig = (url: string) => `model = "gpt-5.4"
model_provider = "fake"
check_for_update_on_startup = false

[analytics]
enabled = false

[model_providers.fake]
name = "fake"
base_url = "${url}/v1"
wire_api = "responses"
env_key = "OPENAI_API_KEY"
`;

async function codexHost(turns: (place: AgentPlace) => ScriptedTurn[]) {
  let api: FakeModelApi | undefined;
  const running = await start('codex', async (place) => {
    api = await startFakeOpenAiResponsesApi(turns(place));
    onTestFinished(() => api!.close());
    await chmod(binary, 0o755);
    const codexHome = join(place.home, '.codex');
    await mkdir(codexHome);
    await writeFile(join(codexHome, 'config.toml'), codexConfig(api.url));
    return {
      command: binary,
      args: [],
      env: { HOME: place.home, CODEX_HOME: codexHome, OPENAI_API_KEY: 'dummy', ...noProxy },
    };
  });
  return { ...running, api: api! };
}

const patch = (path: string, line: string) =>
  ['*** Begin Patch', `*** Add File: ${path}`, `+${line}`, '*** End Patch', ''].join('\n');

describe('Codex (codex-acp 0.16.0) through Switchboard', () => {
  it('answers, and in read-only mode writes a file and runs a command once allowed', async () => {
    let path = '';
    const { chat, api, place } = await codexHost(({ folder }) => {
      path = join(folder, 'notes', 'hello.txt');
      return [
        { marker: 'HELLO', answer: 'Hello from the fake Codex.' },
        {
          marker: 'CREATE-FILE',
          calls: [{ name: 'apply_patch', args: { input: patch(path, 'Hello from Codex') } }],
          answer: 'Created.',
        },
        {
          marker: 'RUN-COMMAND',
          calls: [
            {
              name: 'exec_command',
              args: {
                cmd: 'touch ran.txt',
                sandbox_permissions: 'require_escalated',
                justification: 'The test asks for it',
              },
            },
          ],
          answer: 'Ran it.',
        },
      ];
    });

    const hello = await turn(chat, 'codex', 'HELLO there');
    expect(textOf(hello)).toBe('Hello from the fake Codex.');
    expect(hello.stopReason).toBe('end_turn');
    expect((await chat.settled('codex')).modes?.current).toBe('read-only');

    const created = await chat.send('codex', 'CREATE-FILE notes/hello.txt');
    expect((await grant(chat, 'codex')).toolCall).toMatchObject({ kind: 'edit' });
    const answer = await answered(chat, 'codex', created);
    expect(textOf(answer)).toBe('Created.');
    expect(await readFile(path, 'utf8')).toBe('Hello from Codex\n');
    expect(toolsOf(chat, 'codex', answer.id)).toContainEqual(
      expect.objectContaining({ kind: 'edit', status: 'completed' }),
    );

    const ran = await chat.send('codex', 'RUN-COMMAND');
    expect((await grant(chat, 'codex', 1)).toolCall).toMatchObject({ kind: 'execute' });
    expect(textOf(await answered(chat, 'codex', ran))).toBe('Ran it.');
    expect(await readFile(join(place.folder, 'ran.txt'), 'utf8')).toBe('');
    expect(api.toolResults).toHaveLength(2);
    expect(api.unknown).toEqual([]);
    await chat.settled('codex');
  });

  it('changes mode and reasoning effort, and cancels a slow answer', async () => {
    let path = '';
    const { chat, api } = await codexHost(({ folder }) => {
      path = join(folder, 'edited.txt');
      return [
        {
          marker: 'CREATE-FILE',
          calls: [{ name: 'apply_patch', args: { input: patch(path, 'full access') } }],
          answer: 'Created.',
        },
        { marker: 'SLOW', answer: 'Never finished.', slow: true },
      ];
    });
    await turn(chat, 'codex', 'HELLO');
    const offered = await chat.settled('codex');
    expect(offered.modes?.available.map((mode) => mode.id)).toEqual([
      'read-only',
      'auto',
      'full-access',
    ]);
    expect(offered.options.map((option) => option.id)).toEqual([
      'mode',
      'model',
      'reasoning_effort',
    ]);

    expect(
      (await chat.wire.call('ChatService.SetMode', ['codex', 'full-access'])).error,
    ).toBeUndefined();
    expect(
      (await chat.wire.call('ChatService.SetOption', ['codex', 'reasoning_effort', 'high'])).error,
    ).toBeUndefined();
    const chosen = await chat.conversation('codex');
    expect(chosen.modes?.current).toBe('full-access');
    expect(chosen.options.find((option) => option.id === 'reasoning_effort')?.current).toBe('high');
    // Full Access edits without asking. ("Default" edits in Codex's sandbox, and asks to go on
    // without it where the machine has none, as CI's container.)
    expect(textOf(await turn(chat, 'codex', 'CREATE-FILE'))).toBe('Created.');
    expect(await readFile(path, 'utf8')).toBe('full access\n');
    expect(chat.folded('codex').permissions).toEqual([]);

    await expectCancelsSlowAnswer(chat, 'codex', api);
  });

  it('resumes its session after Stop and Start, and after a host restart', async () => {
    const running = await codexHost(() => resumeTurns);
    await expectResumes(running, 'codex', running.api);
  });
});
