// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import type {
  AuthMethodView,
  Conversation,
  LoginTerminalView,
} from '../../../schema/conversation.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation, message } from './fixtures.tsx';

useMockHost();

const auth: NonNullable<Conversation['auth']> = {
  methods: [
    {
      id: 'chatgpt',
      name: 'Login with ChatGPT',
      description: 'Use your ChatGPT login',
      type: 'agent',
      env: [],
    },
    {
      id: 'openai-api-key',
      name: 'Use OPENAI_API_KEY',
      description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
      type: 'env_var',
      env: [{ name: 'OPENAI_API_KEY', set: false }],
    },
  ],
  terminal: null,
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
      terminal: null,
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
    mockHost(chatMethods(waiting({ auth: { methods: [], terminal: null } })));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('region', { name: 'Claude asks you to log in' });
    expect(prompt.textContent).toContain('log in with the agent itself (in a terminal)');
    expect(within(prompt).queryByRole('button')).toBeNull();
  });
});

describe('a login the agent runs in a terminal', () => {
  const method: AuthMethodView = {
    id: 'claude-login',
    name: 'Log in with Claude',
    description: 'Run `claude /login` in the terminal',
    type: 'terminal',
    env: [],
  };
  const terminal: LoginTerminalView = {
    id: 'login-1',
    methodId: 'claude-login',
    command: 'claude-agent-acp --cli',
    output: 'Welcome\r\n\u001b[1;32mCode:\u001b[0m ',
    length: 27,
    exitCode: null,
    signal: null,
    truncated: false,
  };
  const shownWith = (shown: LoginTerminalView | null) => ({
    name: 'session:changed' as const,
    data: {
      agent: 'claude',
      title: '',
      modes: null,
      options: [],
      auth: { methods: [method], terminal: shown },
    },
  });

  it('opens it, shows it to type into, sends the keys typed, and kills it', async () => {
    const host = mockHost(
      chatMethods(waiting({ auth: { methods: [method], terminal: null } }), {
        'ChatService.Authenticate': () => new Promise(() => {}),
        'ChatService.WriteTerminal': () => null,
        'ChatService.KillTerminal': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Log in with Claude' });
    expect(form.textContent).toContain(
      'Runs Claude’s own login here, in a terminal you type into.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Open the terminal' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.Authenticate',
        params: ['claude', 'claude-login'],
      }),
    );

    host.emit(shownWith(terminal));
    const prompt = screen.getByRole('region', { name: 'Claude asks you to log in' });
    expect((await within(prompt).findByText('Type into the terminal to log in.')).tagName).toBe(
      'P',
    );
    // The terminal, under the command it runs.
    expect(within(prompt).getByRole('figure').querySelector('figcaption code')?.textContent).toBe(
      'claude-agent-acp --cli',
    );
    // xterm.js loads with the first terminal shown.
    const screenBox = await within(prompt).findByLabelText(
      'Terminal: type here',
      {},
      { timeout: 10_000 },
    );
    await waitFor(() => expect(screenBox.textContent).toContain('Code:'));
    // What the program writes next arrives as `login:output`, and is written after.
    host.emit({
      name: 'login:output',
      data: { agent: 'claude', terminalId: 'login-1', data: 'secret-code' },
    });
    await waitFor(() => expect(screenBox.textContent).toContain('Code: secret-code'));
    // While it runs, it is all the panel shows.
    expect(within(prompt).queryByRole('form')).toBeNull();

    const keys = screenBox.querySelector('textarea')!;
    fireEvent.keyPress(keys, { key: 'x', charCode: 120, keyCode: 120 });
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.WriteTerminal',
        params: ['claude', 'login-1', 'x'],
      }),
    );
    fireEvent.click(within(prompt).getByRole('button', { name: 'Kill' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.KillTerminal',
        params: ['claude', 'login-1'],
      }),
    );
  });

  it('shows how a login ended, and takes another try, in French', async () => {
    const ended = { ...terminal, exitCode: 1, output: `${terminal.output}x\r\nWrong code.\r\n` };
    mockHost(
      chatMethods(waiting({ auth: { methods: [method], terminal: ended } }), {
        'ChatService.Authenticate': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, 'fr');
    const prompt = await screen.findByRole('region', {
      name: 'Claude vous demande de vous connecter',
    });
    expect(prompt.querySelector('.chat-terminal-status')?.textContent).toBe(
      'terminé avec le code 1',
    );
    expect(within(prompt).queryByText('Tapez dans le terminal pour vous connecter.')).toBeNull();
    expect(within(prompt).queryByRole('button', { name: 'Tuer' })).toBeNull();
    const open = within(prompt).getByRole('button', { name: 'Ouvrir le terminal' });
    expect((open as HTMLButtonElement).disabled).toBe(false);
  });
});
