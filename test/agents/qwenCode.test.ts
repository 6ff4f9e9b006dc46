/**
 * The real Qwen Code (`@qwen-code/qwen-code --acp`, pinned in test/agents/package.json) through a
 * real host, offline: its model is the fake Chat Completions API of
 * `test/fixtures/fakeOpenAiChatApi.ts`. Qwen Code writes files through Switchboard
 * (`fs/write_text_file`) and runs commands itself, after asking through
 * `session/request_permission`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { FakeModelApi, ScriptedTurn } from '../fixtures/fakeModel.ts';
import { startFakeOpenAiChatApi } from '../fixtures/fakeOpenAiChatApi.ts';
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
const cli = join(agentPackage('@qwen-code/qwen-code'), 'cli.js');

/** `~/.qwen/settings.json`: the OpenAI login, and nothing sent but the model's calls. */
const qwenSettings = {
  security: { auth: { selectedType: 'openai' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
};

async function qwenHost(turns: (place: AgentPlace) => ScriptedTurn[]) {
  let api: FakeModelApi | undefined;
  const running = await start('qwen', async (place) => {
    api = await startFakeOpenAiChatApi(turns(place));
    onTestFinished(() => api!.close());
    await mkdir(join(place.home, '.qwen'));
    await writeFile(join(place.home, '.qwen', 'settings.json'), JSON.stringify(qwenSettings));
    return {
      command: process.execPath,
      args: [cli, '--acp'],
      env: {
        HOME: place.home,
        OPENAI_BASE_URL: `${api.url}/v1`,
        OPENAI_API_KEY: 'dummy',
        OPENAI_MODEL: 'gpt-4o',
        ...noProxy,
      },
    };
  });
  return { ...running, api: api! };
}

describe('Qwen Code 0.24.4 through Switchboard', () => {
  it('answers, and in its default mode writes a file and runs a command once allowed', async () => {
    let path = '';
    const { chat, api, place } = await qwenHost(({ folder }) => {
      path = join(folder, 'notes', 'hello.txt');
      return [
        { marker: 'HELLO', answer: 'Hello from the fake Qwen.' },
        {
          marker: 'CREATE-FILE',
          calls: [{ name: 'write_file', args: { file_path: path, content: 'Hello from Qwen\n' } }],
          answer: 'Created.',
        },
        {
          marker: 'RUN-COMMAND',
          calls: [{ name: 'run_shell_command', args: { command: 'touch ran.txt' } }],
          answer: 'Ran it.',
        },
      ];
    });

    const hello = await turn(chat, 'qwen', 'HELLO there');
    expect(textOf(hello)).toBe('Hello from the fake Qwen.');
    expect(hello.stopReason).toBe('end_turn');
    const offered = await chat.settled('qwen');
    expect(offered.modes?.current).toBe('auto');
    expect(offered.modes?.available.map((mode) => mode.id)).toEqual(
      expect.arrayContaining(['plan', 'default', 'auto-edit', 'auto', 'yolo']),
    );
    // "auto" asks the model itself whether a tool is safe: "default" asks the user.
    expect(
      (await chat.wire.call('ChatService.SetMode', ['qwen', 'default'])).error,
    ).toBeUndefined();
    expect((await chat.conversation('qwen')).modes?.current).toBe('default');

    const created = await chat.send('qwen', 'CREATE-FILE notes/hello.txt');
    expect((await grant(chat, 'qwen')).toolCall).toMatchObject({ kind: 'edit' });
    const answer = await answered(chat, 'qwen', created);
    expect(textOf(answer)).toBe('Created.');
    expect(await readFile(path, 'utf8')).toBe('Hello from Qwen\n');
    expect(api.toolResults).toEqual([expect.stringContaining(path)]);
    expect(toolsOf(chat, 'qwen', answer.id)).toContainEqual(
      expect.objectContaining({ kind: 'edit', status: 'completed' }),
    );

    const ran = await chat.send('qwen', 'RUN-COMMAND');
    expect((await grant(chat, 'qwen', 1)).toolCall).toMatchObject({ kind: 'execute' });
    expect(textOf(await answered(chat, 'qwen', ran))).toBe('Ran it.');
    expect(await readFile(join(place.folder, 'ran.txt'), 'utf8')).toBe('');
    expect(api.toolResults.at(-1)).toContain('Exit Code: 0');
    expect(api.unknown).toEqual([]);
    await chat.settled('qwen');
  });

  it('sets an option, and cancels a slow answer', async () => {
    const { chat, api } = await qwenHost(() => [
      { marker: 'SLOW', answer: 'Never finished.', slow: true },
    ]);
    await turn(chat, 'qwen', 'HELLO');
    const offered = await chat.settled('qwen');
    expect(offered.options.map((option) => option.id)).toEqual(['mode', 'model']);
    // With gpt-4o, Qwen Code offers one model and no reasoning effort: its mode is an option too.
    expect(
      (await chat.wire.call('ChatService.SetOption', ['qwen', 'mode', 'yolo'])).error,
    ).toBeUndefined();
    const chosen = await chat.conversation('qwen');
    expect(chosen.options.find((option) => option.id === 'mode')?.current).toBe('yolo');
    // Qwen Code 0.24.4 tells of the new mode only in its own `qwen/notify/session/mode-update`,
    // not in ACP's `current_mode_update`: Switchboard takes the one for the other (agentQuirks).
    await expect.poll(async () => (await chat.conversation('qwen')).modes?.current).toBe('yolo');

    await expectCancelsSlowAnswer(chat, 'qwen', api);
  });

  it('resumes its session after Stop and Start, and after a host restart', async () => {
    const running = await qwenHost(() => resumeTurns);
    await expectResumes(running, 'qwen', running.api);
  });
});
