// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost, type Methods } from '../helpers/mockHost.tsx';
import { chatMethods, conversation } from './fixtures.tsx';

useMockHost();

const commands = [
  { name: 'review', description: 'Review the changes' },
  { name: 'plan', description: 'Make a plan' },
  { name: 'pr', description: 'Open a pull request' },
];

async function renderComposer(more: Methods = {}, busy = false) {
  const host = mockHost(chatMethods(conversation({ commands, busy }), more));
  renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
  const input = await screen.findByRole<HTMLTextAreaElement>('textbox', {
    name: 'Message to Claude',
  });
  return { host, input };
}

const type = (input: HTMLTextAreaElement, value: string) =>
  fireEvent.change(input, { target: { value } });

describe('the composer', () => {
  it('sends with Enter and clears what went; Shift+Enter is a new line', async () => {
    const { host, input } = await renderComposer({ 'ChatService.Send': () => 'm1' });
    type(input, 'Hello');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(host.calls.some((call) => call.method === 'ChatService.Send')).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.Send',
        params: ['claude', 'Hello'],
      }),
    );
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('sends with the button, which waits for some text', async () => {
    const { host, input } = await renderComposer({ 'ChatService.Send': () => 'm1' });
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    type(input, '  ');
    expect(send.disabled).toBe(true);
    type(input, 'Go on');
    fireEvent.click(send);
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.Send',
        params: ['claude', 'Go on'],
      }),
    );
  });

  it('shows why a message was not sent, and keeps it', async () => {
    const { input } = await renderComposer({
      'ChatService.Send': () => ({
        error: { code: -32000, message: 'too many agents running', data: { kind: 'limit' } },
      }),
    });
    type(input, 'Hello');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not sent: too many agents running',
    );
    expect(input.value).toBe('Hello');
  });

  it('cancels the answer while the agent is busy', async () => {
    const { host } = await renderComposer({ 'ChatService.Cancel': () => null }, true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({ method: 'ChatService.Cancel', params: ['claude'] }),
    );
  });

  it('offers the agent’s commands after a slash, and completes with the keyboard', async () => {
    const { input } = await renderComposer();
    expect(screen.queryByRole('listbox')).toBeNull();
    type(input, '/');
    const menu = screen.getByRole('listbox', { name: 'Commands of Claude' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/reviewReview the changes', '/planMake a plan', '/prOpen a pull request']);
    type(input, '/p');
    const options = within(menu).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
    ]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('/pr ');
    expect(screen.queryByRole('listbox')).toBeNull();

    type(input, '/re');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('/review ');

    type(input, '/');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    type(input, '/pl');
    fireEvent.click(screen.getByRole('option', { name: /plan/ }));
    expect(input.value).toBe('/plan ');
  });

  it('offers the commands the agent announces later', async () => {
    const host = mockHost(chatMethods(conversation()));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const input = await screen.findByRole<HTMLTextAreaElement>('textbox');
    type(input, '/');
    expect(screen.queryByRole('listbox')).toBeNull();
    host.emit({ name: 'commands:changed', data: { agent: 'claude', commands } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Commands of Claude' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['/reviewReview the changes', '/planMake a plan', '/prOpen a pull request']),
    );
  });
});

describe('the session pickers by the composer', () => {
  const modes = {
    current: 'ask',
    available: [
      { id: 'ask', name: 'Ask', description: 'Asks before it edits' },
      { id: 'plan', name: 'Plan', description: 'Plans, edits nothing' },
    ],
  };
  const options = [
    {
      id: 'model',
      name: 'Model',
      category: 'model',
      type: 'select' as const,
      current: 'fast',
      values: [
        { value: 'fast', name: 'Fast' },
        { value: 'deep', name: 'Deep' },
      ],
    },
    {
      id: 'thinking',
      name: 'Thinking',
      category: 'thought_level',
      type: 'boolean' as const,
      current: false,
      values: [] as [],
    },
  ];

  it('shows nothing when the session offers nothing', async () => {
    await renderComposer();
    expect(screen.queryByRole('group', { name: 'What Claude’s session does' })).toBeNull();
  });

  it('sets the mode and the options the session offers, and follows what it says', async () => {
    const host = mockHost(
      chatMethods(conversation({ modes, options }), {
        'ChatService.SetMode': () => null,
        'ChatService.SetOption': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const group = await screen.findByRole('group', { name: 'What Claude’s session does' });
    const mode = within(group).getByRole<HTMLSelectElement>('combobox', { name: 'Mode' });
    expect(mode.value).toBe('ask');
    expect(mode.title).toBe('Asks before it edits');
    // One change at a time: the pickers wait while one is on its way.
    const settled = () => waitFor(() => expect(mode.disabled).toBe(false));
    fireEvent.change(mode, { target: { value: 'plan' } });
    expect(mode.disabled).toBe(true);
    await settled();
    fireEvent.change(within(group).getByRole('combobox', { name: 'Model' }), {
      target: { value: 'deep' },
    });
    await settled();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Thinking' }));
    await waitFor(() =>
      expect(host.calls.filter((call) => call.method.startsWith('ChatService.Set'))).toEqual([
        { method: 'ChatService.SetMode', params: ['claude', 'plan'] },
        { method: 'ChatService.SetOption', params: ['claude', 'model', 'deep'] },
        { method: 'ChatService.SetOption', params: ['claude', 'thinking', true] },
      ]),
    );
    host.emit({
      name: 'session:changed',
      data: {
        agent: 'claude',
        title: '',
        modes: { ...modes, current: 'plan' },
        options,
        auth: null,
      },
    });
    await waitFor(() => expect(mode.value).toBe('plan'));
  });

  it('says why a change was refused', async () => {
    mockHost(
      chatMethods(conversation({ modes, options: [] }), {
        'ChatService.SetMode': () => ({
          error: { code: -32000, message: 'the agent refused', data: { kind: 'io' } },
        }),
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const mode = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Mode' });
    fireEvent.change(mode, { target: { value: 'plan' } });
    expect(mode.value).toBe('plan'); // shown at once, while the host is asked
    expect((await screen.findByRole('alert')).textContent).toBe('Not changed: the agent refused');
    expect(mode.value).toBe('ask');
  });
});
