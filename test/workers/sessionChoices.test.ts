/**
 * The mode chosen last wins after any end of the agent's run (CONTRACT.md §6–§7), whichever way
 * it was chosen: `SetMode`, or `SetOption` of the config option of category `mode` that agents
 * (Codex, Claude, Qwen Code) offer beside their modes. A real supervisor, real workers, real fake
 * agents that resume their sessions and a real database, as `host/main.ts` puts them together.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversationDatabase } from '../../host/conversations/ConversationDatabase.ts';
import { ConversationStore } from '../../host/conversations/ConversationStore.ts';
import { ChatService } from '../../host/services/ChatService.ts';
import { Supervisor } from '../../host/Supervisor.ts';
import type { Conversation } from '../../schema/conversation.ts';
import { fakeAgent, testTimings } from '../helpers/agents.ts';
import { script, textOf } from '../helpers/chat.ts';
import { noConfigFile } from '../helpers/supervisorHarness.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A host's parts on the database and the agent's sessions in `folder`. */
function hostParts(folder: string, stopIdleAgentsAfterMs: number) {
  const database = ConversationDatabase.open(join(folder, 'conversations.db'), { language: 'en' });
  const conversations = new ConversationStore({
    publish: () => {},
    database,
    config: () => join(folder, 'config.yaml'),
  });
  const flags = ['--modes', '--mode-option', '--resume', `--sessions-dir=${sessions(folder)}`];
  const supervisor = new Supervisor({
    definitions: [fakeAgent('a', flags)],
    limits: { maxRunningAgents: 3, stopIdleAgentsAfterMs },
    language: 'en',
    emit: () => {},
    conversations,
    timings: testTimings,
  });
  const chat = new ChatService(supervisor, conversations, () => 'en', noConfigFile);
  return {
    supervisor,
    conversations,
    chat,
    state: () => supervisor.list()[0]?.state,
    async close() {
      await supervisor.close();
      conversations.close();
    },
  };
}

const sessions = (folder: string) => join(folder, 'sessions');

/** The fake agent's records of what its sessions were set to (`--sessions-dir`). */
const settingsRecords = (folder: string) =>
  readdirSync(sessions(folder)).filter((name) => name.endsWith('.settings.json'));

/** Sends a script that asks the agent what it runs with, and returns its answer's settings. */
async function askSettings(parts: ReturnType<typeof hostParts>): Promise<unknown> {
  const id = await parts.chat.Send('a', script({ echoSettings: true }));
  const answer = () => {
    const { messages } = parts.conversations.get('a');
    return messages.slice(messages.findIndex((message) => message.id === id) + 1)[0];
  };
  await expect.poll(() => answer()?.done, { timeout: 15_000 }).toBe(true);
  await expect.poll(() => parts.conversations.get('a').busy, { timeout: 15_000 }).toBe(false);
  expect(answer()?.error).toBeUndefined();
  return JSON.parse(textOf(answer()).replace(/^settings: /, ''));
}

const shownMode = ({ modes, options }: Conversation) => ({
  mode: modes?.current,
  option: options.find((option) => option.id === 'mode')?.current,
});

const orders = [
  { name: 'the option, then the mode', first: 'SetOption', last: 'SetMode' },
  { name: 'the mode, then the option', first: 'SetMode', last: 'SetOption' },
] as const;
const endings = ['Stop', 'idle stop', 'host restart'] as const;

describe('the mode chosen last, after the agent’s run ends', () => {
  for (const order of orders) {
    for (const ending of endings) {
      it(`is what the agent runs and what the conversation shows: ${order.name}, ${ending}`, async () => {
        const folder = mkdtempSync(join(tmpdir(), 'switchboard-choices-'));
        folders.push(folder);
        const idleMs = ending === 'idle stop' ? 600 : 0;
        let parts = hostParts(folder, idleMs);
        try {
          await askSettings(parts);
          const choose = (how: 'SetOption' | 'SetMode', modeId: string) =>
            how === 'SetMode'
              ? parts.chat.SetMode('a', modeId)
              : parts.chat.SetOption('a', 'mode', modeId);
          await choose(order.first, 'plan');
          await choose(order.last, 'code');
          const chosen = { mode: 'code', option: 'code' };
          expect(shownMode(parts.chat.Conversation('a'))).toEqual(chosen);

          if (ending === 'Stop') await parts.supervisor.stop('a');
          if (ending === 'idle stop') {
            await expect.poll(parts.state, { timeout: 15_000 }).toBe('stopped');
          }
          if (ending === 'host restart') {
            await parts.close();
            parts = hostParts(folder, idleMs);
            expect(shownMode(parts.chat.Conversation('a'))).toEqual(chosen);
          }
          // What the agent was set to in its last run says nothing of the next one.
          for (const name of settingsRecords(folder)) rmSync(join(sessions(folder), name));

          expect(await askSettings(parts)).toMatchObject({ mode: 'code' });
          const calls = readFileSync(join(sessions(folder), 'calls.log'), 'utf8');
          expect(calls.trim().split('\n').at(-1)).toMatch(/^resume /);
          const records = settingsRecords(folder).map(
            (name) => JSON.parse(readFileSync(join(sessions(folder), name), 'utf8')) as object,
          );
          expect(records).toEqual([expect.objectContaining({ mode: 'code' })]);
          expect(shownMode(parts.chat.Conversation('a'))).toEqual(chosen);
        } finally {
          await parts.close();
        }
      }, 60_000);
    }
  }
});
