// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import type { Conversation } from '../../../schema/conversation.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();

const auth: NonNullable<Conversation['auth']> = {
  methods: [
    { id: 'chatgpt', name: 'Login with ChatGPT', description: 'Use your ChatGPT login', env: [] },
    {
      id: 'openai-api-key',
      name: 'Use OPENAI_API_KEY',
      description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
      env: [{ name: 'OPENAI_API_KEY', set: false }],
    },
  ],
};

const waiting = (fields: Partial<Conversation> = {}) =>
  conversation({
    busy: true,
    messages: [message({ id: 'u1', role: 'user', parts: [{ kind: 'text', text: 'hello' }] })],
    auth,
    ...fields,
  });

describe('an agent that asks for a login', () => {
  it('shows its ways to log in and logs in with the one chosen', async () => {
    const host = mockHost(chatMethods(waiting(), { 'ChatService.Authenticate': () => null }));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('region', { name: 'Claude asks you to log in' });
    expect(within(prompt).getByText('Your message waits until you do.').tagName).toBe('P');
    const chatgpt = within(prompt).getByRole('form', { name: 'Login with ChatGPT' });
    expect(within(chatgpt).getByText('Use your ChatGPT login').tagName).toBe('P');
    fireEvent.click(within(chatgpt).getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.Authenticate',
        params: ['claude', 'chatgpt'],
      }),
    );
    // The host says the login is done: the ways to log in go.
    host.emit({
      name: 'session:changed',
      data: { agent: 'claude', title: '', modes: null, options: [], auth: null },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: /log in/ })).toBeNull());
  });

  it('asks for the variable a way reads, as a secret, and sends it with the login', async () => {
    const host = mockHost(chatMethods(waiting(), { 'ChatService.Authenticate': () => null }));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const method = await screen.findByRole('form', { name: 'Use OPENAI_API_KEY' });
    const submit = within(method).getByRole('button', { name: 'Log in' });
    // Not set yet, and not given: nothing to log in with.
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // The variable its description names in backticks shows as code.
    expect(within(method).getByText('OPENAI_API_KEY', { selector: 'p code' }).tagName).toBe('CODE');
    const field = within(method).getByLabelText<HTMLInputElement>('OPENAI_API_KEY');
    expect(field.type).toBe('password');
    fireEvent.change(field, { target: { value: 'sk-test' } });
    const save = within(method).getByRole('button', { name: 'Save and log in' });
    expect(
      within(method).getByText(
        'Saved in this agent’s env in your configuration file; the agent restarts with it.',
      ).tagName,
    ).toBe('P');
    fireEvent.click(save);
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.Authenticate',
        params: ['claude', 'openai-api-key', { OPENAI_API_KEY: 'sk-test' }],
      }),
    );
  });

  it('lets a variable already set be kept, and says why a login failed, in French', async () => {
    const set = {
      methods: [{ ...auth.methods[1]!, env: [{ name: 'OPENAI_API_KEY', set: true }] }],
    };
    const host = mockHost(
      chatMethods(waiting({ auth: set }), {
        'ChatService.Authenticate': () => ({
          error: { code: -32000, message: 'clé refusée', data: { kind: 'io' } },
        }),
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, 'fr');
    const prompt = await screen.findByRole('region', {
      name: 'Claude vous demande de vous connecter',
    });
    const field = within(prompt).getByLabelText<HTMLInputElement>('OPENAI_API_KEY');
    expect(field.placeholder).toBe('déjà définie : laissez vide pour la garder');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Se connecter' }));
    expect((await within(prompt).findByRole('alert')).textContent).toBe(
      'Connexion refusée : clé refusée',
    );
    expect(host.calls).toContainEqual({
      method: 'ChatService.Authenticate',
      params: ['claude', 'openai-api-key'],
    });
  });

  it('says what to do when the agent offers no way to log in from here', async () => {
    mockHost(chatMethods(waiting({ auth: { methods: [] } })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('region', { name: 'Claude asks you to log in' });
    expect(prompt.textContent).toContain('log in with the agent itself (in a terminal)');
    expect(within(prompt).queryByRole('button')).toBeNull();
  });
});
