/**
 * The security headers (host/server/securityHeaders.ts), in Chromium against a real host: every
 * screen runs under the app's Content-Security-Policy without a violation (browserPerFile checks
 * after each test), the policy is in force, and a page of another origin cannot frame the app.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { script } from '../helpers/chat.ts';
import {
  browserPerFile,
  buildApp,
  openPage,
  watchCsp,
  type PageGlobals,
} from '../helpers/browser.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';
import { repoRoot } from '../helpers/typescriptProcess.ts';

const start = hostPerFile();
const launch = browserPerFile();

/** Another origin (another port of 127.0.0.1): the agent's icon, and a page that frames a URL. */
let elsewhere: Server;
let elsewhereBase = '';
const icon = await readFile(join(repoRoot, 'pwa', 'public', 'icons', 'icon-192.png'));
beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://elsewhere');
    if (url.pathname === '/icon.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(icon);
      return;
    }
    const target = url.searchParams.get('frame') ?? '';
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>elsewhere</title><iframe src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereBase = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => elsewhere.close(resolve)));

let host: HostProcess | undefined;
async function theHost(): Promise<HostProcess> {
  const { command, args } = fakeAgentCommand(['--session']);
  const config = [
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  a:',
    '    title: Agent A',
    `    icon: ${elsewhereBase}/icon.png`,
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
  host ??= await start(config, [], { SWITCHBOARD_APP_DIR: await buildApp() });
  return host;
}

/** The document's response carries the four headers, its policy with `frame-ancestors 'none'`. */
function expectHeaders(response: Response | null): void {
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(headers['content-security-policy']).toMatch(/^default-src 'self';/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

/** The configuration editor, used: completion, a hover, and the host's problems in the gutter. */
async function useTheEditor(page: Page): Promise<void> {
  const editor = page.locator('.cm-content');
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nlang');
  await page.keyboard.press('Control+Space');
  await page.locator('.cm-tooltip-autocomplete').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.type('uage: klingon');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/^Not saved:/).waitFor();
  await page.locator('.cm-lintRange-error').first().waitFor();
  await page
    .locator('.cm-line', { hasText: 'agents:' })
    .first()
    .hover({ position: { x: 10, y: 5 } });
  await page.locator('.cm-tooltip-hover').waitFor();
  await page.getByRole('button', { name: 'Discard changes' }).click();
}

/** A page paired with the host, whose CSP reports go to `seen` rather than fail the test. */
async function pairedPage() {
  const host = await theHost();
  const seen: string[] = [];
  const context = await (await launch()).newContext();
  await watchCsp(context, seen);
  const page = await context.newPage();
  await page.goto(host.url);
  await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
  return { host, context, page, seen };
}

describe('the app under its Content-Security-Policy, in Chromium', () => {
  it('shows every screen without a violation, served by the host and by its service worker', async () => {
    const host = await theHost();
    const { page, context } = await openPage(await launch());

    // Not paired yet: the pairing screen.
    expectHeaders(await page.goto(host.base));
    await page.getByRole('textbox').waitFor();

    // Paired by the printed link (a redirect): the agents, with the icon from another origin.
    expectHeaders(await page.goto(host.url));
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    await host.rpc('AgentService.Start', ['a']);

    // A chat: Markdown with highlighted code, a tool that asks for permission.
    await page.goto(`${host.base}/#/chat/a`);
    const avatar = page.locator('img.chat-avatar').first();
    await expect
      .poll(() => avatar.evaluate((image) => (image as { naturalWidth: number }).naturalWidth))
      .toBe(192);
    const sent = host.rpc('ChatService.Send', [
      'a',
      script(
        {
          text: '**Bold**, a [link](https://example.org), and code:\n\n```js\nconst a = 1;\n```\n',
        },
        // Long enough to be parsed by the app's Markdown worker, not in a render.
        { text: `\n\`\`\`ts\n${'export const long = 1;\n'.repeat(120)}\`\`\`\n` },
        {
          permission: {
            toolCall: { toolCallId: 't1', title: 'Edit notes.md', kind: 'edit', status: 'pending' },
            options: [
              { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
              { optionId: 'no', name: 'Reject', kind: 'reject_once' },
            ],
          },
        },
      ),
    ]);
    await expect.poll(() => page.locator('.chat-markdown pre code.hljs').count()).toBe(2);
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/markdownWorker-.*\.js$/),
    ]);
    await page.getByRole('button', { name: 'Allow once' }).click();
    await page.getByText('permission: selected once').waitFor();
    await sent;

    // The settings, with the configuration editor (CodeMirror's styles are let in by the nonce).
    await page.goto(`${host.base}/#/settings`);
    await useTheEditor(page);

    // The inspector (ELK lays the statechart out) and the mesh.
    await page.goto(`${host.base}/#/inspector/a`);
    await page.locator('[data-node-id="agentLifecycle.ready"]').waitFor();
    await page.goto(`${host.base}/#/mesh`);
    await page.getByRole('heading', { level: 1, name: 'Mesh' }).waitFor();

    // The service worker: once it controls the page, the page and its policy come from its cache.
    const controlled = () =>
      page.evaluate(async () => {
        const { serviceWorker } = (globalThis as unknown as PageGlobals).navigator;
        await serviceWorker.ready;
        return serviceWorker.controller !== null;
      });
    await page.reload();
    await expect.poll(controlled).toBe(true);
    const fromWorker = await page.goto(`${host.base}/index.html#/settings`);
    expect(fromWorker?.fromServiceWorker()).toBe(true);
    expectHeaders(fromWorker);
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    await useTheEditor(page);
    await context.close();
  }, 90_000);

  it('refuses an inline script and a style without the nonce', async () => {
    const { context, page, seen } = await pairedPage();
    const ran = await page.evaluate(() => {
      type Element = { textContent: string };
      const doc = (
        globalThis as unknown as {
          document: {
            createElement(tag: string): Element;
            head: { append(element: Element): void };
          };
        }
      ).document;
      const inline = doc.createElement('script');
      inline.textContent = 'globalThis.injected = true';
      doc.head.append(inline);
      const style = doc.createElement('style');
      style.textContent = 'body { display: none }';
      doc.head.append(style);
      return (globalThis as unknown as { injected?: boolean }).injected ?? false;
    });
    expect(ran).toBe(false);
    expect(await page.locator('body').isVisible()).toBe(true);
    await expect
      .poll(() => seen.filter((text) => text.startsWith('script-src-elem')).length)
      .toBe(1);
    await expect
      .poll(() => seen.filter((text) => text.startsWith('style-src-elem')).length)
      .toBe(1);
    await context.close();
  });

  it('cannot be framed by a page of another origin, even a paired one', async () => {
    const { host, context, page, seen } = await pairedPage();

    for (const target of [`${host.base}/`, `${host.base}/#/settings`, `${host.base}/sw.js`]) {
      await page.goto(`${elsewhereBase}/?frame=${encodeURIComponent(target)}`);
      await page.locator('iframe').waitFor();
      await expect.poll(() => page.frames().length).toBe(2);
      const frame = page.frames()[1]!;
      await frame.waitForLoadState();
      // Chromium shows its error page in the frame: nothing of the app's reached it.
      expect(frame.url()).toBe('chrome-error://chromewebdata/');
      expect(await frame.locator('#root').count()).toBe(0);
    }
    expect(seen.filter((text) => text.includes("frame-ancestors 'none'"))).toHaveLength(3);
    await context.close();
  });
});
