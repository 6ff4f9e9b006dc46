// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolCard } from '../../../pwa/src/chat/ToolCard.tsx';
import type { TerminalView } from '../../../schema/conversation.ts';
import { blankTool } from '../../../workers/messageModel.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

describe('a tool call a rule answered', () => {
  it('says which rule, and how', () => {
    mockHost();
    renderWithHost(
      <ToolCard
        agent="a"
        tool={{
          ...blankTool('t'),
          title: 'Edit a.ts',
          kind: 'edit',
          rule: { index: 0, answer: 'allow' },
        }}
      />,
    );
    expect(screen.getByText('Allowed by your permission rule 1 (Settings).').className).toBe(
      'chat-note chat-tool-rule chat-tool-rule-allow',
    );
  });
});

describe('a tool call that returned an image', () => {
  it('shows it, named after the call', () => {
    mockHost();
    renderWithHost(
      <ToolCard
        agent="a"
        tool={{
          ...blankTool('t'),
          title: 'Take a screenshot',
          images: [{ mimeType: 'image/png', data: 'AAAA' }],
        }}
      />,
    );
    const image = screen.getByRole<HTMLImageElement>('img', {
      name: 'Image 1 of “Take a screenshot”',
    });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });
});

describe('a tool call that runs a command in a terminal', () => {
  const terminal: TerminalView = {
    id: 'term-1',
    command: 'npm test',
    output: '\u001b[32mok\u001b[0m 1 passed\n',
    exitCode: null,
    signal: null,
    truncated: false,
  };
  const card = (shown: Partial<TerminalView>) => (
    <ToolCard
      agent="a"
      tool={{ ...blankTool('t'), kind: 'execute', terminals: [{ ...terminal, ...shown }] }}
    />
  );

  it('shows its command and output live, and kills it from the card', async () => {
    const host = mockHost({ 'ChatService.KillTerminal': () => null });
    const view = renderWithHost(card({}));
    const figure = screen.getByRole('figure', { name: 'npm test' });
    expect(figure.textContent).not.toContain('exited');
    // xterm.js loads with the first terminal shown.
    const screenLog = await screen.findByRole(
      'log',
      { name: 'Terminal output' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(screenLog.textContent).toContain('ok 1 passed'));
    view.rerender(card({ output: `${terminal.output}more\n` }));
    await waitFor(() => expect(screenLog.textContent).toContain('more'));

    fireEvent.click(screen.getByRole('button', { name: 'Kill' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.KillTerminal',
        params: ['a', 'term-1'],
      }),
    );
  });

  it('says how it ended, with no Kill, and that its front was cut', () => {
    mockHost();
    const view = renderWithHost(card({ exitCode: 1, truncated: true }));
    const status = () => document.querySelector('.chat-terminal-status')?.textContent;
    expect(status()).toBe('exited with 1');
    expect(document.querySelector('.chat-terminal > .chat-note')?.textContent).toBe(
      'Only the end of the output is shown.',
    );
    expect(screen.queryByRole('button', { name: 'Kill' })).toBeNull();
    view.rerender(card({ signal: 'SIGKILL' }));
    expect(status()).toBe('killed (SIGKILL)');
  });

  it('shows the error of a Kill the host refused', async () => {
    mockHost({
      'ChatService.KillTerminal': () => ({
        error: { code: -32000, message: 'no terminal term-1 of this agent is open' },
      }),
    });
    renderWithHost(card({}));
    fireEvent.click(screen.getByRole('button', { name: 'Kill' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'no terminal term-1 of this agent is open',
    );
  });
});
