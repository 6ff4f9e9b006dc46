// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { conversation, message, RoutedChat } from './fixtures.tsx';
import { called, history, historyHost, openHistory, said } from './historyHost.ts';

useMockHost();
afterEach(() => vi.restoreAllMocks());

describe('the history of an agent’s conversations', () => {
  it('lists them, newest first, the current one marked, and opens another', async () => {
    const host = historyHost();
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    const panel = await openHistory();
    expect(screen.getByRole('complementary', { name: 'Conversations with Claude' })).toBe(panel);
    expect(document.activeElement).toBe(panel);
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('button')[0]!.textContent)).toEqual([
      expect.stringContaining('Untitled conversation'),
      expect.stringContaining('Fix the login form'),
      expect.stringContaining('Plan the café menu'),
    ]);
    const [now, login, menu] = items.map((item) => within(item).getAllByRole('button')[0]!);
    expect(now!.getAttribute('aria-current')).toBe('true');
    expect(now!.textContent).toContain('no message');
    expect(now!.textContent).toContain('current');
    expect(login!.getAttribute('aria-current')).toBeNull();
    expect(login!.textContent).toContain('1 message');
    expect(login!.textContent).toContain('May 2, 2025');
    expect(menu!.textContent).toContain('12 messages');
    expect(menu!.textContent).toContain('Apr 21, 2025');
    expect(screen.getByRole('button', { name: 'History' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    fireEvent.click(login!);
    await waitFor(() =>
      expect(called(host, 'ChatService.Open')).toEqual([
        { method: 'ChatService.Open', params: ['claude', 'conv-b'] },
      ]),
    );
    // The store loads the conversation the host now calls current.
    await waitFor(() => expect(said()).toEqual(['The login form is broken']));
    expect(called(host, 'ChatService.Conversation').length).toBeGreaterThanOrEqual(2);
    // Narrower than 1200 px, the panel covered the conversation: it closes to show it.
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History' }));
  });

  it('stays open beside the conversation on a wide screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(min-width: 1200px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    historyHost();
    renderWithHost(<RoutedChat agent="claude" />);
    const panel = await openHistory();
    fireEvent.click(await within(panel).findByRole('button', { name: /^Fix the login form/ }));
    await screen.findByText('The login form is broken');
    const login = await within(panel).findByRole('button', { name: /^Fix the login form/ });
    await waitFor(() => expect(login.getAttribute('aria-current')).toBe('true'));
    expect(screen.getByRole('complementary')).toBe(panel);
  });

  it('marks the opened conversation as the current one, and follows its title live', async () => {
    const host = historyHost();
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    const panel = await openHistory();
    await within(panel).findByText('Untitled conversation');
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({
          id: 'u1',
          role: 'user',
          parts: [{ kind: 'text', text: 'Hello there' }],
        }),
      },
    });
    const current = await within(panel).findByRole('button', { name: /^Hello there/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.textContent).toContain('1 message');

    host.emit({
      name: 'session:changed',
      data: { agent: 'claude', title: 'Greetings', modes: null, options: [], auth: null },
    });
    await within(panel).findByRole('button', { name: /^Greetings/ });

    fireEvent.click(within(panel).getByRole('button', { name: 'Close the history' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });

  it('exports a conversation as a Markdown file', async () => {
    const markdown = '# Fix the login form\n\n**You**: The login form is broken\n';
    const host = historyHost();
    host.answer({
      'ChatService.Export': ([, id]) => (id === 'conv-b' ? markdown : '# Untitled\n'),
    });
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:http://localhost:3000/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: { name: string; href: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, href: this.href, attached: this.isConnected });
    });

    renderWithHost(<RoutedChat agent="claude" />);
    const panel = await openHistory();
    fireEvent.click(
      await within(panel).findByRole('button', { name: 'Export “Fix the login form” as Markdown' }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(called(host, 'ChatService.Export')).toEqual([
      { method: 'ChatService.Export', params: ['claude', 'conv-b'] },
    ]);
    expect(downloads[0]).toEqual({
      name: 'claude-fix-the-login-form.md',
      href: 'blob:http://localhost:3000/1',
      attached: true,
    });
    expect(await blobs[0]!.text()).toBe(markdown);
    expect(blobs[0]!.type).toBe('text/markdown;charset=utf-8');
    expect(document.querySelector('a[download]')).toBeNull();

    // A conversation without a title is named by the day it started.
    fireEvent.click(
      within(panel).getByRole('button', { name: 'Export “Untitled conversation” as Markdown' }),
    );
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.name).toBe('claude-2025-05-03.md');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('asks first before opening another while the agent answers, since that answer is cancelled', async () => {
    const host = historyHost(
      conversation({ busy: true, queued: 1, messages: [message({ id: 'a1', done: false })] }),
    );
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('Claude is answering…');
    const panel = await openHistory();
    const login = await within(panel).findByRole('button', { name: /^Fix the login form/ });
    fireEvent.click(login);
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the answer and open this conversation?',
    });
    expect(dialog.textContent).toContain(
      'Claude is answering. Opening another conversation cancels that answer; the current conversation stays in the history.',
    );
    expect(dialog.textContent).toContain('The message waiting is not sent.');
    const keep = within(dialog).getByRole('button', { name: 'Keep the answer' });
    expect(document.activeElement).toBe(keep);
    // Escape closes the dialog, not the history it was asked from.
    fireEvent.keyDown(keep, { key: 'Escape' });
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('complementary')).toBe(panel);
    expect(called(host, 'ChatService.Open')).toEqual([]);

    // The current one is not another: choosing it asks nothing.
    fireEvent.click(within(panel).getByRole('button', { name: /^Untitled conversation/ }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    const again = await openHistory();
    fireEvent.click(await within(again).findByRole('button', { name: /^Fix the login form/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel it and open',
      }),
    );
    await waitFor(() =>
      expect(called(host, 'ChatService.Open')).toEqual([
        { method: 'ChatService.Open', params: ['claude', 'conv-b'] },
      ]),
    );
    await waitFor(() => expect(said()).toEqual(['The login form is broken']));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });

  it('asks too when only the agent’s state says it is busy, and says in the dialog why Open failed', async () => {
    const host = historyHost();
    host.answer({
      'ChatService.Open': () => ({
        error: { code: -32000, message: 'no conversation conv-b', data: { kind: 'not-found' } },
      }),
    });
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'busy', outdated: false } });
    await screen.findByLabelText('State: busy');
    const panel = await openHistory();
    fireEvent.click(await within(panel).findByRole('button', { name: /^Fix the login form/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toContain('waiting');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it and open' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The conversation could not be opened: no conversation conv-b',
    );
    // Said once, in the dialog; the panel says it once the dialog is gone.
    expect(within(panel).queryAllByRole('alert', { hidden: true })).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The conversation could not be opened: no conversation conv-b',
    );
  });

  it('says what failed: the history, opening, exporting', async () => {
    const host = historyHost();
    const refusal = (message: string) => ({
      error: { code: -32000, message, data: { kind: 'not-found' } },
    });
    host.answer({
      'ChatService.History': () => refusal('the database is locked'),
    });
    renderWithHost(<RoutedChat agent="claude" />);
    const panel = await openHistory();
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The history could not be loaded: the database is locked',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Close the history' }));

    host.answer({
      'ChatService.History': () => history,
      'ChatService.Open': () => refusal('no conversation conv-b'),
      'ChatService.Export': () => refusal('no conversation conv-a'),
    });
    const again = await openHistory();
    fireEvent.click(await within(again).findByRole('button', { name: /^Fix the login form/ }));
    await waitFor(() =>
      expect(
        within(again)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual(['The conversation could not be opened: no conversation conv-b']),
    );
    fireEvent.click(
      within(again).getByRole('button', { name: 'Export “Plan the café menu” as Markdown' }),
    );
    await waitFor(() =>
      expect(
        within(again)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([
        'The conversation could not be opened: no conversation conv-b',
        'The conversation could not be exported: no conversation conv-a',
      ]),
    );
  });
});

describe('the history in French', () => {
  it('speaks French, plural rules and dates included', async () => {
    historyHost();
    renderWithHost(<RoutedChat agent="claude" />, 'fr');
    await screen.findByText('Aucun message pour l’instant. Écrivez à Claude ci-dessous.');
    // Named in full; narrow screens show the short label.
    expect(textPieces(screen.getByRole('button', { name: 'Nouvelle conversation' }))).toEqual([
      'Nouvelle conversation',
      '+ Nouvelle',
    ]);
    const panel = await openHistory('Historique');
    expect(within(panel).getByRole('heading').textContent).toBe('Conversations avec Claude');
    const current = await within(panel).findByRole('button', { name: /^Conversation sans titre/ });
    expect(current.textContent).toContain('aucun message');
    expect(current.textContent).toContain('actuelle');
    const login = within(panel).getByRole('button', { name: /^Fix the login form/ });
    expect(login.textContent).toContain('1 message');
    expect(login.textContent).toContain('2 mai 2025');
    expect(
      within(panel).getByRole('button', { name: /^Plan the café menu/ }).textContent,
    ).toContain('12 messages');
    // The buttons that show no words of their own, named in French.
    expect(
      within(panel)
        .getAllByRole('button')
        .flatMap((button) => button.getAttribute('aria-label') ?? []),
    ).toEqual([
      'Fermer l’historique',
      'Exporter «\u00a0Conversation sans titre\u00a0» en Markdown',
      'Exporter «\u00a0Fix the login form\u00a0» en Markdown',
      'Exporter «\u00a0Plan the café menu\u00a0» en Markdown',
    ]);
  });

  it('asks in French before opening another while the agent answers', async () => {
    historyHost(
      conversation({ busy: true, queued: 2, messages: [message({ id: 'a1', done: false })] }),
    );
    renderWithHost(<RoutedChat agent="claude" />, 'fr');
    const panel = await openHistory('Historique');
    fireEvent.click(await within(panel).findByRole('button', { name: /^Fix the login form/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Annuler la réponse et ouvrir cette conversation\u00a0?',
    });
    expect(dialog.textContent).toBe(
      [
        'Annuler la réponse et ouvrir cette conversation\u00a0?',
        'Claude est en train de répondre. Ouvrir une autre conversation annule cette réponse\u00a0; ',
        'la conversation en cours reste dans l’historique. Les 2 messages en attente ne sont pas envoyés.',
        'Garder la réponse',
        'L’annuler et ouvrir',
      ].join(''),
    );
  });
});
