/**
 * The PWA bench's host and page helpers (`pwa.ts`, `pwaStream.ts`): a real host (the built
 * dist/host/main.js serving dist/pwa) with fake agents, conversations filled through its RPC, and
 * the page's globals as the functions evaluated in Chromium read them.
 *
 * @example
 * const host = await startHost(['bench']);
 * await fillConversation(host, 'bench', 300);
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Conversation } from '../../schema/conversation.ts';

const hostFile = new URL('../host/main.js', import.meta.url).pathname;
const fakeAgentFile = new URL('./fakeAgent.js', import.meta.url).pathname;

/** The page's globals as the functions below read them (this tsconfig has no DOM). */
export interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  performance: {
    now(): number;
    getEntriesByType(type: 'navigation'): { domContentLoadedEventEnd: number }[];
  };
}
interface PageElement {
  textContent: string | null;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number };
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}

/** A host run for the bench, and a way to call it. */
export interface Host {
  base: string;
  /** A folder of its own, removed with the host (the agents read their answers from it). */
  folder: string;
  url: string;
  rpc: <T>(method: string, params: unknown[]) => Promise<T>;
  close: () => Promise<void>;
}

/**
 * A host whose agents (`names`, each a fake agent) are configured, serving this build's app or
 * the one in `appDir`.
 */
export async function startHost(names: readonly string[], appDir?: string): Promise<Host> {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-bench-pwa-'));
  const configPath = join(folder, 'config.yaml');
  await writeFile(
    configPath,
    [
      'limits:',
      '  stopIdleAgentsAfter: 0',
      'agents:',
      ...names.flatMap((name) => [
        `  ${name}:`,
        `    title: Bench agent ${name}`,
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: ${JSON.stringify([fakeAgentFile, '--session'])}`,
      ]),
      '',
    ].join('\n'),
  );
  const token = randomBytes(32).toString('base64url');
  const child: ChildProcess = spawn(
    process.execPath,
    [hostFile, '--config', configPath, '--port', '0', '--no-open'],
    {
      env: {
        ...process.env,
        SWITCHBOARD_TOKEN: token,
        SWITCHBOARD_STATE_DIR: join(folder, 'state'),
        XDG_CONFIG_HOME: join(folder, 'xdg'),
        ...(appDir ? { SWITCHBOARD_APP_DIR: appDir } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host not ready:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Switchboard ready at (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => reject(new Error(`host exited:\n${output}`)));
  });
  const base = new URL(url).origin;
  let ids = 0;
  return {
    base,
    folder,
    url,
    rpc: async <T>(method: string, params: unknown[]) => {
      const response = await fetch(`${base}/api/rpc`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++ids, method, params }),
      });
      const body = (await response.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Pairs `page`'s context with the host (its cookie), through the pairing link. */
export async function pair(page: Page, host: Host): Promise<void> {
  await page.goto(host.url);
  await page.locator('main.screen').first().waitFor({ timeout: 30_000 });
}

/** One prompt: a completed edit whose diff changes a line of a 12-line file, then a sentence. */
function editScript(turn: number): string {
  const path = `/work/project/src/module${turn % 97}.ts`;
  const lines = Array.from({ length: 12 }, (_, i) => `export const value${i} = ${i};`);
  const changed = lines.map((line, i) => (i === turn % 12 ? `${line} // turn ${turn}` : line));
  return JSON.stringify([
    {
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: `edit-${turn}`,
        title: `Edit module${turn % 97}.ts`,
        kind: 'edit',
        status: 'completed',
        locations: [{ path, line: (turn % 12) + 1 }],
        content: [{ type: 'diff', path, oldText: lines.join('\n'), newText: changed.join('\n') }],
      },
    },
    { text: `Changed line ${(turn % 12) + 1} of \`module${turn % 97}.ts\` (turn ${turn}).` },
  ]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `name`'s conversation has `count` messages and no turn runs. */
export async function settled(
  host: Host,
  name: string,
  count: number,
  timeoutMs: number,
): Promise<Conversation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Only the last message: the whole of a 10 000-message conversation is 11.5 MB.
    const conversation = await host.rpc<Conversation>('ChatService.Conversation', [name, 1]);
    const total = conversation.messages.length + (conversation.earlier ?? 0);
    if (
      total >= count &&
      !conversation.busy &&
      conversation.messages.every((message) => message.done)
    ) {
      return conversation;
    }
    if (Date.now() > deadline)
      throw new Error(`${total} of ${count} messages after ${timeoutMs} ms`);
    await pause(250);
  }
}

/** `turns` prompts to `name`, sent a few at a time (each `Send` resolves once it is queued). */
export async function fillConversation(host: Host, name: string, turns: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < turns) await host.rpc('ChatService.Send', [name, editScript(next++)]);
  };
  await Promise.all(Array.from({ length: 8 }, sender));
  await settled(host, name, turns * 2, 120_000);
  return performance.now() - started;
}
