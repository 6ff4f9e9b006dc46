/**
 * The real Claude Code ACP adapter (`@zed-industries/claude-agent-acp`, pinned in
 * test/agents/package.json) through a real host, offline: its model is the fake Anthropic API of
 * `test/fixtures/fakeAnthropicApi.ts`. Claude Code writes files and runs commands itself (it never
 * calls `fs/*` nor `terminal/*`), after asking through `session/request_permission`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startFakeAnthropicApi } from '../fixtures/fakeAnthropicApi.ts';
import type { FakeModelApi, ScriptedTurn } from '../fixtures/fakeModel.ts';
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
  turnTimeoutMs,
} from '../helpers/realAgents.ts';

const start = agentHostPerTest();
const adapter = join(agentPackage('@zed-industries/claude-agent-acp'), 'dist', 'index.js');

/**
 * A host running Claude's adapter on the fake API. `loggedOut`: Claude Code finds a backup of its
 * settings and none of them, and the adapter refuses sessions until a login (`auth_required`).
 */
async function claudeHost(
  turns: (place: AgentPlace) => ScriptedTurn[],
  { loggedOut = false } = {},
) {
  let api: FakeModelApi | undefined;
  const running = await start('claude', async (place) => {
    api = await startFakeAnthropicApi(turns(place));
    onTestFinished(() => api!.close());
    await mkdir(join(place.home, '.claude'));
    const settings = loggedOut ? '.claude.json.backup' : '.claude.json';
    await writeFile(join(place.home, settings), '{"hasCompletedOnboarding":true}');
    return {
      command: process.execPath,
      args: [adapter],
      env: {
        HOME: place.home,
        CLAUDE_CONFIG_DIR: join(place.home, '.claude'),
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_API_KEY: 'dummy',
        // No telemetry, error reports, update checks, nor any other traffic but the model's.
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        DISABLE_AUTOUPDATER: '1',
        // As root, the adapter (0.23.1) lets Claude Code skip permissions when IS_SANDBOX is set at
        // all; Claude Code accepts that only for IS_SANDBOX=1 and exits: with any other value (this
        // machine's is "yes"), every session/new fails "Query closed before response received".
        IS_SANDBOX: '',
        ...noProxy,
      },
    };
  });
  return { ...running, api: api! };
}

describe('Claude Code (claude-agent-acp 0.23.1) through Switchboard', () => {
  it('runs its own login (`claude /login`, a terminal way) in a terminal of the app', async () => {
    const { chat } = await claudeHost(() => [], { loggedOut: true });
    await chat.send('claude', 'hello');
    await expect
      .poll(() => chat.folded('claude').auth?.methods, { timeout: turnTimeoutMs })
      .toContainEqual(expect.objectContaining({ id: 'claude-login', type: 'terminal' }));
    const login = chat.wire.call('ChatService.Authenticate', ['claude', 'claude-login']);
    const shown = () => chat.folded('claude').auth?.terminal;
    // Claude Code's own interface, in the app's terminal (the adapter with `--cli`).
    await expect
      .poll(() => stripVTControlCharacters(shown()?.output ?? '').replace(/\s/g, ''), {
        timeout: turnTimeoutMs,
      })
      .toContain('WelcometoClaudeCode');
    expect(shown()!.command).toMatch(/claude-agent-acp\/dist\/index\.js --cli$/);
    // Offline, it cannot reach Anthropic to log in, says so and ends with code 1: refused, and
    // the turn still waits for a login, its terminal shown.
    const refused = await login;
    expect(refused.error, JSON.stringify(shown())).toMatchObject({ data: { kind: 'io' } });
    expect(shown()).toMatchObject({ exitCode: 1 });
    expect(chat.folded('claude')).toMatchObject({ busy: true });
    await chat.wire.call('ChatService.Cancel', ['claude']);
    expect((await chat.settled('claude')).auth).toBeNull();
  });

  it('answers, and writes a file and runs a command once the user allows each', async () => {
    let path = '';
    const { chat, api, place } = await claudeHost(({ folder }) => {
      path = join(folder, 'notes', 'hello.txt');
      return [
        { marker: 'HELLO', answer: 'Hello from the fake Claude.' },
        {
          marker: 'CREATE-FILE',
          calls: [{ name: 'Write', args: { file_path: path, content: 'Hello from Claude\n' } }],
          answer: 'Created.',
        },
        {
          marker: 'RUN-COMMAND',
          calls: [
            {
              name: 'Bash',
              args: { command: 'touch ran.txt', description: 'Runs' },
            },
          ],
          answer: 'Ran it.',
        },
      ];
    });

    const hello = await turn(chat, 'claude', 'HELLO there');
    expect(textOf(hello)).toBe('Hello from the fake Claude.');
    expect(hello.stopReason).toBe('end_turn');

    const created = await chat.send('claude', 'CREATE-FILE notes/hello.txt');
    const request = await grant(chat, 'claude');
    expect(request.toolCall).toMatchObject({ kind: 'edit' });
    const answer = await answered(chat, 'claude', created);
    expect(textOf(answer)).toBe('Created.');
    expect(await readFile(path, 'utf8')).toBe('Hello from Claude\n');
    expect(api.toolResults).toEqual([expect.stringContaining(path)]);
    expect(toolsOf(chat, 'claude', answer.id)).toContainEqual(
      expect.objectContaining({ kind: 'edit', status: 'completed' }),
    );

    const ran = await chat.send('claude', 'RUN-COMMAND');
    expect((await grant(chat, 'claude', 1)).toolCall).toMatchObject({ kind: 'execute' });
    expect(textOf(await answered(chat, 'claude', ran))).toBe('Ran it.');
    // One command: Claude Code asks again for each part of a compound one (`a > f && b`).
    expect(await readFile(join(place.folder, 'ran.txt'), 'utf8')).toBe('');
    expect(api.toolResults).toHaveLength(2);
    expect(api.unknown).toEqual([]);
    await chat.settled('claude');
  });

  it('changes mode and model, and cancels a slow answer', async () => {
    let path = '';
    const { chat, api } = await claudeHost(({ folder }) => {
      path = join(folder, 'edited.txt');
      return [
        {
          marker: 'CREATE-FILE',
          calls: [{ name: 'Write', args: { file_path: path, content: 'accepted\n' } }],
          answer: 'Created.',
        },
        { marker: 'SLOW', answer: 'Never finished.', slow: true },
      ];
    });
    await turn(chat, 'claude', 'HELLO');
    const offered = await chat.settled('claude');
    expect(offered.modes).toMatchObject({ current: 'default' });
    expect(offered.modes?.available.map((mode) => mode.id)).toEqual(
      expect.arrayContaining(['default', 'acceptEdits', 'plan']),
    );
    expect(offered.options.map((option) => option.id)).toEqual(['mode', 'model']);

    expect(
      (await chat.wire.call('ChatService.SetMode', ['claude', 'acceptEdits'])).error,
    ).toBeUndefined();
    expect(
      (await chat.wire.call('ChatService.SetOption', ['claude', 'model', 'haiku'])).error,
    ).toBeUndefined();
    const chosen = await chat.conversation('claude');
    expect(chosen.modes?.current).toBe('acceptEdits');
    expect(chosen.options.find((option) => option.id === 'model')?.current).toBe('haiku');
    // In acceptEdits, Claude Code writes without asking.
    expect(textOf(await turn(chat, 'claude', 'CREATE-FILE'))).toBe('Created.');
    expect(await readFile(path, 'utf8')).toBe('accepted\n');
    expect(chat.folded('claude').permissions).toEqual([]);
    expect(api.models.at(-1)).toContain('haiku');

    await expectCancelsSlowAnswer(chat, 'claude', api);
  });

  it('resumes its session after Stop and Start, and after a host restart', async () => {
    const running = await claudeHost(() => resumeTurns);
    await expectResumes(running, 'claude', running.api);
  });
});
