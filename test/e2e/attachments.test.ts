/**
 * Prompts with images and files (issue 15, CONTRACT.md §7) in real Chromium against a real host
 * and a fake agent that takes images and embedded context: an image picked and one pasted, a file
 * completed with `@`, sent; the agent really gets the image's bytes and the file's text, and the
 * message shows them from the host. In English and French, at 1280×800 and 820×1180 (screenshots
 * in dist/scratch/, to be looked at).
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { browserPerFile, buildApp, languageBySize } from '../helpers/browser.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';
import { expectNoEnglish } from '../helpers/screens.ts';
import { repoRoot } from '../helpers/typescriptProcess.ts';

const start = hostPerFile();
const launch = browserPerFile();
const scratch = join(repoRoot, 'dist', 'scratch');
const sizes = { desktop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } };

/** A PNG of `width` × `height` pixels, a diagonal gradient: something to see in a thumbnail. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([(x * 255) / width, (y * 255) / height, 160], at);
    }
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const picked = gradientPng(160, 120);
const pasted = gradientPng(90, 90);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the paste below uses of the page's globals (this tsconfig has no DOM). */
interface PasteGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean }) => unknown;
}

/** Pastes `bytes` as a PNG into `composer`, as a screenshot tool's clipboard would hold it. */
async function pastePng(composer: Locator, bytes: Buffer): Promise<void> {
  await composer.evaluate((input, base64) => {
    const page = globalThis as unknown as PasteGlobals;
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new page.DataTransfer();
    transfer.items.add(new page.File([data], 'pasted.png', { type: 'image/png' }));
    const paste = new page.ClipboardEvent('paste', { clipboardData: transfer, bubbles: true });
    (input as unknown as { dispatchEvent(event: unknown): void }).dispatchEvent(paste);
  }, bytes.toString('base64'));
}

let appDir = '';
let logs = '';
beforeAll(async () => {
  [appDir, logs] = await Promise.all([buildApp(), mkdtemp(join(tmpdir(), 'switchboard-e2e-'))]);
  await mkdir(scratch, { recursive: true });
}, 120_000);
afterAll(() => rm(logs, { recursive: true, force: true }));

describe('images and files in a prompt, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`picks and pastes an image, completes @file, and the agent gets them (${language}, ${size})`, async () => {
      const log = join(logs, `${language}-${size}.log`);
      const flags = ['--image', '--embedded-context', `--prompt-log=${log}`];
      const host = await start(atlasConfig(language, flags), [], {
        SWITCHBOARD_APP_DIR: appDir,
      });
      await mkdir(join(host.folder, 'src'), { recursive: true });
      await writeFile(join(host.folder, 'src', 'notes.md'), '# Notes\nship it\n');
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        sizes[size],
      );
      // The agent says what it takes once it runs: then the image button shows.
      await composer.fill('hi');
      await composer.press('Enter');
      await page.getByText('Hello, world').waitFor();
      const pick = page.getByRole('button', { name: say('chat.attach.pick') });
      await pick.waitFor();

      await page.getByTestId('image-picker').setInputFiles({
        name: 'gradient.png',
        mimeType: 'image/png',
        buffer: picked,
      });
      await pastePng(composer, pasted);
      const tray = page.getByRole('list', { name: say('chat.attach.tray') });
      await tray.getByRole('img', { name: say('chat.attach.imageAlt', { index: 2 }) }).waitFor();
      await composer.fill(language === 'fr' ? 'Regarde @notes' : 'Look at @notes');
      const menu = page.getByRole('listbox', {
        name: say('chat.attach.files', { agent: 'Atlas' }),
      });
      await menu.getByRole('option').first().waitFor();
      await page.screenshot({ path: join(scratch, `attachments-menu-${language}-${size}.png`) });
      await composer.press('Enter');
      expect(await composer.inputValue()).toMatch(/@src\/notes\.md $/);
      await tray.getByText('@src/notes.md').waitFor();
      if (size === 'tablet') expect((await pick.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({ path: join(scratch, `attachments-tray-${language}-${size}.png`) });

      await composer.press('Enter');
      await expect.poll(async () => (await readFile(log, 'utf8')).split('\n').length).toBe(3);
      const [, second] = (await readFile(log, 'utf8')).trim().split('\n');
      const blocks = JSON.parse(second!) as { type: string; [key: string]: unknown }[];
      expect(blocks.map((block) => block.type)).toEqual(['text', 'image', 'image', 'resource']);
      expect(blocks[1]).toMatchObject({ sha256: sha256(picked), mimeType: 'image/png' });
      expect(blocks[2]).toMatchObject({ sha256: sha256(pasted) });
      expect(blocks[3]).toMatchObject({ resourceText: '# Notes\nship it\n' });

      const sent = page.getByRole('list', { name: say('chat.attach.sent') });
      const shown = sent.getByRole('img', { name: say('chat.attach.imageAlt', { index: 1 }) });
      await shown.waitFor();
      await expect
        .poll(() =>
          shown.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBe(160);
      await sent.getByText('@src/notes.md').waitFor();
      await page.getByText('Hello, world').nth(1).waitFor();
      await page.screenshot({ path: join(scratch, `attachments-sent-${language}-${size}.png`) });
      if (language === 'fr') await expectNoEnglish(page, 'chat');
      await context.close();
    });
  }
});
