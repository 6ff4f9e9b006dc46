/**
 * A real host running one real agent (test/agents/): its own temporary `HOME`, its model a fake API
 * on 127.0.0.1, and the calls every test of one makes.
 */
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import type {
  ChatMessage,
  PermissionRequestView,
  ToolCallView,
} from '../../schema/conversation.ts';
import { ChatClient, textOf } from './chat.ts';
import type { HostProcess } from './hostProcess.ts';
import { hostPerTest } from './hostProcess.ts';

/** The folder of a package test/agents/package.json pins. */
export const agentPackage = (name: string): string =>
  dirname(createRequire(new URL('../agents/', import.meta.url)).resolve(`${name}/package.json`));

/** No proxy from the environment: the agent's client would send 127.0.0.1 through it too. */
export const noProxy = {
  HTTPS_PROXY: '',
  https_proxy: '',
  HTTP_PROXY: '',
  http_proxy: '',
  ALL_PROXY: '',
  all_proxy: '',
};

/** How to run an agent. */
export interface AgentCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Where an agent runs: the host's folder (its cwd, as a real path) and its own `HOME`. */
export interface AgentPlace {
  folder: string;
  home: string;
}

export interface AgentHost {
  host: HostProcess;
  chat: ChatClient;
  place: AgentPlace;
  /** Stops the host and runs a new one on the same state and configuration. */
  restart: () => Promise<AgentHost>;
}

const configOf = (name: string, { command, args, env }: AgentCommand) =>
  [
    'language: en',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    `  ${name}:`,
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    `    env: ${JSON.stringify(env)}`,
    '',
  ].join('\n');

/** For a test file: `start(name, command)` runs a host whose one agent `name` is `command(place)`. */
export function agentHostPerTest() {
  const start = hostPerTest();
  return async (
    name: string,
    command: (place: AgentPlace) => Promise<AgentCommand> | AgentCommand,
  ): Promise<AgentHost> => {
    const host = await start('language: en\nagents: {}\n');
    const home = await mkdtemp(join(tmpdir(), `switchboard-${name}-home-`));
    // After hostPerTest's afterEach: the host, and with it the agent, has exited.
    onTestFinished(() => rm(home, { recursive: true, force: true, maxRetries: 3 }));
    // The paths the agent sees: its cwd is sent as a real path (`/tmp` is a symlink on macOS).
    const place = { folder: await realpath(host.folder), home };
    const config = configOf(name, await command(place));
    await writeFile(host.configPath, config);
    const connected = async (running: HostProcess): Promise<AgentHost> => {
      const chat = new ChatClient(await running.connect());
      await expect
        .poll(async () => (await chat.wire.call('AgentService.List')).result)
        .toEqual([expect.objectContaining({ name })]);
      const started = await chat.wire.call('AgentService.Start', [name]);
      expect(started.error, running.output().slice(-4000)).toBeUndefined();
      const restart = async () => {
        await running.stop();
        return connected(await start(config, [], {}, { folder: running.folder }));
      };
      return { host: running, chat, place, restart };
    };
    return connected(host);
  };
}

/** A real agent's turn may take a minute on a loaded 2-core machine (its first starts its session). */
export const turnTimeoutMs = 60_000;

/** Waits for the answer to the user message `id`, which must have no error. */
export async function answered(chat: ChatClient, agent: string, id: string): Promise<ChatMessage> {
  try {
    await expect.poll(() => chat.answerTo(agent, id)?.done, { timeout: turnTimeoutMs }).toBe(true);
  } catch (error) {
    // What the agent did instead: a real agent's way is not the fake's.
    const { messages, permissions } = chat.folded(agent);
    throw new Error(
      `no answer to ${id}: ${JSON.stringify({ messages, permissions }).slice(-4000)}`,
      {
        cause: error,
      },
    );
  }
  const answer = chat.answerTo(agent, id)!;
  expect(answer.error, JSON.stringify(answer)).toBeUndefined();
  return answer;
}

/** Sends `prompt` and waits for its answer, which must have no error. */
export const turn = async (chat: ChatClient, agent: string, prompt: string) =>
  answered(chat, agent, await chat.send(agent, prompt));

/** The tool calls of the message `messageId`. */
export const toolsOf = (chat: ChatClient, agent: string, messageId: string): ToolCallView[] =>
  chat
    .folded(agent)
    .messages.filter((message) => message.id === messageId)
    .flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool] : [])),
    );

/** Waits for the `nth` permission request of `agent` and answers it with its first `kind` option. */
export async function grant(
  chat: ChatClient,
  agent: string,
  nth = 0,
  kind = 'allow_once',
): Promise<PermissionRequestView> {
  const request = await chat.permission(agent, nth);
  const option = request.options.find((candidate) => candidate.kind === kind);
  expect(option, JSON.stringify(request.options)).toBeDefined();
  const answered = await chat.wire.call('ChatService.AnswerPermission', [
    request.id,
    option!.optionId,
  ]);
  expect(answered.error).toBeUndefined();
  return request;
}

/** The model's turns of {@link expectResumes}: three answers a session keeps. */
export const resumeTurns = [
  { marker: 'FIRST', answer: 'First answer.' },
  { marker: 'SECOND', answer: 'Second answer.' },
  { marker: 'THIRD', answer: 'Third answer.' },
];

/**
 * A turn, Stop and Start, a turn, a host restart, a turn: each continues the same session (the
 * model is sent the earlier turns again), and nobody is told of a restart. The model runs
 * {@link resumeTurns}.
 */
export async function expectResumes(
  { chat, restart }: AgentHost,
  agent: string,
  api: { calls: string[][] },
): Promise<void> {
  const shown = (messages: ChatMessage[]) =>
    messages.map((message) => message.code ?? message.role);
  await turn(chat, agent, 'FIRST turn');
  expect((await chat.wire.call('AgentService.Stop', [agent])).error).toBeUndefined();
  expect((await chat.wire.call('AgentService.Start', [agent])).error).toBeUndefined();
  expect(textOf(await turn(chat, agent, 'SECOND turn'))).toBe('Second answer.');
  // session/resume: the model is sent the first turn again, and nobody is told of a restart.
  expect(api.calls.at(-1)).toEqual(expect.arrayContaining([expect.stringContaining('FIRST turn')]));
  expect(shown(chat.folded(agent).messages)).toEqual(['user', 'agent', 'user', 'agent']);
  await chat.settled(agent);

  // A new host on the same state: a new client, which saw none of the earlier events.
  const later = (await restart()).chat;
  expect(textOf(await turn(later, agent, 'THIRD turn'))).toBe('Third answer.');
  expect(api.calls.at(-1)).toEqual(
    expect.arrayContaining([expect.stringContaining('FIRST turn'), 'SECOND turn']),
  );
  expect(shown((await later.conversation(agent)).messages)).toEqual([
    'user',
    'agent',
    'user',
    'agent',
    'user',
    'agent',
  ]);
}

/**
 * A slow answer (the model's `SLOW` turn) cancelled once it began: the cancel reaches the model
 * call (the agent hangs up on it), and the turn ends `cancelled`.
 */
export async function expectCancelsSlowAnswer(
  chat: ChatClient,
  agent: string,
  api: { hangups: number },
): Promise<void> {
  const slow = await chat.send(agent, 'SLOW please');
  await expect
    .poll(() => textOf(chat.answerTo(agent, slow)), { timeout: 60_000 })
    .toContain('slowly');
  expect((await chat.wire.call('ChatService.Cancel', [agent])).error).toBeUndefined();
  const cancelled = await answered(chat, agent, slow);
  await expect.poll(() => api.hangups).toBe(1);
  expect(textOf(cancelled)).not.toContain('Never finished.');
  expect(cancelled.stopReason).toBe('cancelled');
  await chat.settled(agent);
}
