// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../schema/conversation.ts';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost, type Methods } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();

/** The smallest PNG there is: one transparent pixel. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const png = (name = 'dot.png') =>
  new File([Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0))], name, {
    type: 'image/png',
  });

const takesImages = { image: true, embeddedContext: false };

async function renderComposer(
  more: Methods = {},
  fields: Partial<Conversation> = { prompt: takesImages },
  language: 'en' | 'fr' = 'en',
) {
  const host = mockHost(chatMethods(conversation(fields), more));
  renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, language);
  const input = await screen.findByRole<HTMLTextAreaElement>('textbox');
  return { host, input };
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('image-picker'), { target: { files } });
const type = (input: HTMLTextAreaElement, value: string) =>
  fireEvent.change(input, { target: { value } });
const sends = (host: ReturnType<typeof mockHost>) =>
  host.calls.filter((call) => call.method === 'ChatService.Send').map((call) => call.params);

describe('images and files in the composer', () => {
  it('picks an image, shows it, removes it, and sends one with the message', async () => {
    const { host, input } = await renderComposer({ 'ChatService.Send': () => 'm1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add an image or take a photo' }));
    pick([png()]);
    const tray = await screen.findByRole('list', { name: 'To send with the message' });
    // The image, and the way to take it back.
    expect(
      within(tray)
        .getAllByRole('listitem')
        .map((item) => [item.querySelector('img')?.alt, item.querySelector('button')?.title]),
    ).toEqual([['Image 1', 'Remove image 1']]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('list', { name: 'To send with the message' })).toBeNull();

    fireEvent.paste(input, { clipboardData: { files: [png('pasted.png')] } });
    await screen.findByRole('img', { name: 'Image 1' });
    // An image alone is a message.
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(false);
    type(input, 'what is this?');
    fireEvent.click(send);
    await waitFor(() =>
      expect(sends(host)).toEqual([
        ['claude', 'what is this?', [{ kind: 'image', mimeType: 'image/png', data: pngBase64 }]],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Image 1' })).toBeNull());
  });

  it('takes images dropped on the composer, and leaves other files alone', async () => {
    const { input } = await renderComposer();
    const form = input.closest('form')!;
    const notes = new File(['# notes'], 'notes.md', { type: 'text/markdown' });
    fireEvent.drop(form, { dataTransfer: { files: [notes], types: ['Files'] } });
    expect(screen.queryByRole('list', { name: 'To send with the message' })).toBeNull();
    fireEvent.drop(form, { dataTransfer: { files: [png(), notes], types: ['Files'] } });
    await screen.findByRole('img', { name: 'Image 1' });
    expect(screen.queryByRole('img', { name: 'Image 2' })).toBeNull();
  });

  it('sends a text message as before, with no third param', async () => {
    const { host, input } = await renderComposer({ 'ChatService.Send': () => 'm1' });
    type(input, 'Hello');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sends(host)).toEqual([['claude', 'Hello']]));
  });

  it('offers no image button to an agent that takes none, and says so of a pasted image', async () => {
    const { input } = await renderComposer({}, {});
    expect(screen.queryByRole('button', { name: 'Add an image or take a photo' })).toBeNull();
    fireEvent.paste(input, { clipboardData: { files: [png()] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Claude does not take images');
  });

  it('refuses a wrong type and a fifth image, in the user’s language', async () => {
    await renderComposer({}, { prompt: takesImages }, 'fr');
    pick([new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'logo.svg n’est pas une image PNG, JPEG, GIF ou WebP',
    );
    pick([png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    await screen.findByRole('img', { name: 'Image 4' });
    pick([png('5.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Un message emporte au plus 4 images',
    );
    expect(screen.queryByRole('img', { name: 'Image 5' })).toBeNull();
  });

  it('shows the host’s refusal, and keeps the message and its images', async () => {
    const { input } = await renderComposer({
      'ChatService.Send': () => ({
        error: { code: -32602, message: 'the image’s bytes are not image/png' },
      }),
    });
    pick([png()]);
    await screen.findByRole('img', { name: 'Image 1' });
    type(input, 'look');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not sent: the image’s bytes are not image/png',
    );
    expect(input.value).toBe('look');
    // Still in the tray, to send again.
    const tray = screen.getByRole('list', { name: 'To send with the message' });
    expect(
      within(tray)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Image 1']);
  });

  it('completes @ with the agent’s files and sends the one chosen', async () => {
    const { host, input } = await renderComposer({
      'ChatService.Files': ([, query]) =>
        ['src/notes.md', 'docs/notes.txt'].filter((path) => path.includes(String(query))),
      'ChatService.Send': () => 'm1',
    });
    type(input, 'read @note');
    const menu = await screen.findByRole('listbox', { name: 'Files of Claude' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['notes.mdsrc/', 'notes.txtdocs/']);
    expect(host.calls).toContainEqual({ method: 'ChatService.Files', params: ['claude', 'note'] });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('read @docs/notes.txt ');
    const tray = screen.getByRole('list', { name: 'To send with the message' });
    expect(textPieces(tray)).toEqual(['@docs/notes.txt', '×']);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(sends(host)).toEqual([
        ['claude', 'read @docs/notes.txt ', [{ kind: 'file', path: 'docs/notes.txt' }]],
      ]),
    );
  });
});

describe('a user message’s attachments', () => {
  it('shows its images from the host and its files as chips', async () => {
    const id = 'a'.repeat(64);
    await renderComposer(
      {},
      {
        messages: [
          message({
            id: 'u1',
            role: 'user',
            parts: [{ kind: 'text', text: 'see' }],
            attachments: [
              { kind: 'image', mimeType: 'image/png', id, size: 70 },
              { kind: 'file', path: 'src/notes.md' },
            ],
          }),
        ],
      },
    );
    const sent = await screen.findByRole('list', { name: 'Sent with the message' });
    expect(within(sent).getByRole<HTMLImageElement>('img', { name: 'Image 1' }).src).toMatch(
      new RegExp(`/api/attachments/${id}$`),
    );
    expect(textPieces(sent)).toContain('@src/notes.md');
  });
});
