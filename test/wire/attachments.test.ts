import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendAttachment } from '../../schema/attachments.ts';
import { ChatClient } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, testToken, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerFile();

/** The smallest PNG there is: one transparent pixel. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const image = (bytes = png, mimeType = 'image/png'): SendAttachment =>
  ({ kind: 'image', mimeType, data: bytes.toString('base64') }) as SendAttachment;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type LoggedBlock = { type: string } & Record<string, unknown>;

let logs: string;
let host: HostProcess;
let chat: ChatClient;

/** The prompts agent `name` got, each as the blocks the fake agent logged. */
async function prompts(name: string): Promise<LoggedBlock[][]> {
  const text = await readFile(join(logs, `${name}.log`), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedBlock[]);
}

async function sent(agent: string, text: string, attachments: SendAttachment[]): Promise<string> {
  const response = await chat.wire.call('ChatService.Send', [agent, text, attachments]);
  expect(response.error).toBeUndefined();
  const id = response.result as string;
  await chat.answer(agent, id);
  return id;
}

async function refused(agent: string, attachments: unknown[], text = 'look'): Promise<string> {
  const response = await chat.wire.call('ChatService.Send', [agent, text, attachments]);
  expect(response.error?.code).toBe(-32602);
  return response.error!.message;
}

beforeAll(async () => {
  logs = await mkdtemp(join(tmpdir(), 'switchboard-prompts-'));
  const log = (name: string) => `--prompt-log=${join(logs, `${name}.log`)}`;
  host = await start(
    configText({
      // Takes images and embedded files.
      full: ['--image', '--embedded-context', log('full')],
      // Takes images; files go as links.
      links: ['--image', log('links')],
      // Text only.
      plain: [log('plain')],
    }),
  );
  // The agents' cwd is the configuration's folder, which also holds the host's state dir.
  const cwd = host.folder;
  await mkdir(join(cwd, 'src'), { recursive: true });
  await writeFile(join(cwd, 'src', 'notes.md'), '# Notes\nship it\n');
  await writeFile(join(cwd, 'photo.bin'), Buffer.from([0, 1, 2, 3]));
  await mkdir(join(cwd, 'node_modules', 'dep'), { recursive: true });
  await writeFile(join(cwd, 'node_modules', 'dep', 'notes.js'), '');
  await mkdir(join(cwd, 'dist'), { recursive: true });
  await writeFile(join(cwd, 'dist', 'notes.out'), '');
  await writeFile(join(cwd, '.gitignore'), 'dist/\n');
  await symlink('/etc/passwd', join(cwd, 'passwords'));
  execFileSync('mkfifo', [join(cwd, 'pipe')]);
  await symlink(join(cwd, 'config.yaml'), join(cwd, 'src', 'settings.yaml'));
  chat = new ChatClient(await host.connect());
  for (const name of ['full', 'links', 'plain']) {
    expect((await chat.wire.call('AgentService.Start', [name])).error).toBeUndefined();
  }
}, 60_000);

afterAll(() => rm(logs, { recursive: true, force: true }));

describe('prompts with images and files, over the wire (CONTRACT.md §7)', () => {
  it('says what each agent takes in a prompt', async () => {
    await expect
      .poll(async () => (await chat.conversation('full')).prompt)
      .toEqual({ image: true, embeddedContext: true });
    expect((await chat.conversation('links')).prompt).toEqual({
      image: true,
      embeddedContext: false,
    });
    expect((await chat.conversation('plain')).prompt).toEqual({
      image: false,
      embeddedContext: false,
    });
    expect(chat.folded('full').prompt).toEqual({ image: true, embeddedContext: true });
  });

  it('sends an image and an embedded file, keeps them once in the message, and serves the image', async () => {
    const id = await sent('full', 'what is this?', [
      image(),
      { kind: 'file', path: 'src/notes.md' },
    ]);
    const [blocks] = await prompts('full');
    const uri = `file://${await realpath(host.folder)}/src/notes.md`;
    expect(blocks).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image', mimeType: 'image/png', bytes: png.length, sha256: sha256(png) },
      { type: 'resource', uri, resourceText: '# Notes\nship it\n' },
    ]);
    const message = (await chat.conversation('full')).messages.find((m) => m.id === id)!;
    expect(message.attachments).toEqual([
      { kind: 'image', mimeType: 'image/png', id: sha256(png), size: png.length },
      { kind: 'file', path: 'src/notes.md' },
    ]);
    // No event carries the image's bytes: clients fetch it once, behind the token.
    const data = png.toString('base64');
    expect(chat.wire.events.some((event) => JSON.stringify(event).includes(data))).toBe(false);
    const url = `${host.base}/api/attachments/${sha256(png)}`;
    const served = await fetch(url, { headers: { authorization: `Bearer ${testToken}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await fetch(url)).status).toBe(401);
    const unknown = await fetch(`${host.base}/api/attachments/${'0'.repeat(64)}`, {
      headers: { authorization: `Bearer ${testToken}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('links a file for an agent without embedded context, and a binary file for any', async () => {
    await sent('links', '', [
      { kind: 'file', path: './src/../src/notes.md' },
      { kind: 'file', path: 'photo.bin' },
    ]);
    const [blocks] = await prompts('links');
    expect(blocks?.map(({ type, name }) => ({ type, name }))).toEqual([
      { type: 'resource_link', name: 'notes.md' },
      { type: 'resource_link', name: 'photo.bin' },
    ]);
    await sent('full', 'binary', [{ kind: 'file', path: 'photo.bin' }]);
    expect((await prompts('full')).at(-1)?.[1]?.type).toBe('resource_link');
  });

  it('refuses what no agent may be sent, each with -32602, and sends nothing', async () => {
    const before = (await prompts('full')).length;
    const file = (path: string): SendAttachment => ({ kind: 'file', path });
    expect(await refused('full', [file('../etc/passwd')])).toMatch(/not a file|outside/);
    expect(await refused('full', [file('/etc/passwd')])).toMatch(/outside/);
    expect(await refused('full', [file('passwords')])).toMatch(/outside/); // a symlink out
    expect(await refused('full', [file('config.yaml')])).toMatch(/Switchboard’s own files/);
    expect(await refused('full', [file('src/settings.yaml')])).toMatch(/own files/); // a link in
    expect(await refused('full', [file('state/token')])).toMatch(/own files|not a file/);
    expect(await refused('full', [file('src')])).toMatch(/not a file/);
    expect(await refused('full', [file('missing.txt')])).toMatch(/not a file/);
    expect(await refused('full', [file('pipe')])).toMatch(/not a file/); // does not hang
    expect(await refused('full', [image(png, 'image/svg+xml')])).toMatch(/not an image type/);
    expect(await refused('full', [image(png, 'image/jpeg')])).toMatch(/not image\/jpeg/);
    expect(
      await refused('full', [{ kind: 'image', mimeType: 'image/png', data: 'not*base64' }]),
    ).toMatch(/base64/);
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    expect(await refused('full', [image(big)])).toMatch(/over the 3\.0 MB/);
    expect(
      await refused(
        'full',
        Array.from({ length: 5 }, () => image()),
      ),
    ).toMatch(/at most 4/);
    expect(await refused('plain', [image()])).toMatch(/does not take images/);
    // The shape itself: the wire's schema.
    const shape = 'ChatService.Send takes (name, text, attachments)';
    expect(await refused('full', [{ kind: 'file' }])).toBe(shape);
    expect(await refused('full', [{ kind: 'image', mimeType: 'image/png', data: '', x: 1 }])).toBe(
      shape,
    );
    expect((await prompts('full')).length).toBe(before);
    expect((await prompts('plain')).length).toBe(0);
  });

  it('lists the cwd’s files for @, bounded, without node_modules, ignored ones or its own', async () => {
    const files = async (query: string) =>
      (await chat.wire.call('ChatService.Files', ['full', query])).result as string[];
    expect(await files('notes')).toEqual(['src/notes.md']);
    const all = await files('');
    expect(all).toContain('photo.bin');
    expect(all).toContain('.gitignore');
    expect(
      all.some((path) => /node_modules|dist\/|config\.yaml|^state\/|passwords/.test(path)),
    ).toBe(false);
    expect(await files('srcnot')).toEqual(['src/notes.md']);
    expect((await chat.wire.call('ChatService.Files', ['nobody', ''])).error?.data).toMatchObject({
      kind: 'unknown-agent',
    });
  });

  it('brings a message back with its attachments after a host restart', async () => {
    await host.stop();
    host = await start(
      configText({ full: ['--image', '--embedded-context'], links: [], plain: [] }),
      [],
      {},
      { folder: host.folder },
    );
    chat = new ChatClient(await host.connect());
    const user = (await chat.conversation('full')).messages.find((m) => m.role === 'user');
    expect(user?.attachments?.[0]).toMatchObject({ kind: 'image', id: sha256(png) });
    const served = await fetch(`${host.base}/api/attachments/${sha256(png)}`, {
      headers: { authorization: `Bearer ${testToken}` },
    });
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });
});
