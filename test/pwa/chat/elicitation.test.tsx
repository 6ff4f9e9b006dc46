// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import type { ElicitationView } from '../../../schema/elicitation.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation } from './fixtures.tsx';

useMockHost();

const form: ElicitationView = {
  id: 'el-1',
  agent: 'claude',
  mode: 'form',
  message: 'Where should I deploy?',
  schema: {
    type: 'object',
    title: 'Deploy',
    properties: {
      target: {
        type: 'string',
        title: 'Target',
        oneOf: [
          { const: 'prod', title: 'Production' },
          { const: 'staging', title: 'Staging' },
        ],
      },
      replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 5, default: 2 },
      email: { type: 'string', title: 'Email', format: 'email' },
      notify: { type: 'boolean', title: 'Notify the team' },
      tags: { type: 'array', title: 'Tags', items: { enum: ['urgent', 'db'] } },
    },
    required: ['target', 'replicas'],
  },
};

describe('an agent that asks for input', () => {
  it('shows a form from its schema and sends what was filled in, numbers as numbers', async () => {
    const host = mockHost(
      chatMethods(conversation({ busy: true, elicitations: [form] }), {
        'ChatService.AnswerElicitation': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('form', { name: 'Claude asks you' });
    expect(within(prompt).getByText('Where should I deploy?').tagName).toBe('P');
    fireEvent.change(within(prompt).getByRole('combobox', { name: /Target/ }), {
      target: { value: 'staging' },
    });
    const replicas = within(prompt).getByRole<HTMLInputElement>('spinbutton', { name: /Replicas/ });
    expect([replicas.value, replicas.min, replicas.max, replicas.step]).toEqual([
      '2',
      '1',
      '5',
      '1',
    ]);
    fireEvent.change(replicas, { target: { value: '3' } });
    expect(within(prompt).getByRole<HTMLInputElement>('textbox', { name: /Email/ }).type).toBe(
      'email',
    );
    fireEvent.click(within(prompt).getByRole('checkbox', { name: 'Notify the team' }));
    fireEvent.click(within(prompt).getByRole('checkbox', { name: 'db' }));
    fireEvent.click(within(prompt).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.AnswerElicitation',
        params: ['el-1', 'accept', { target: 'staging', replicas: 3, notify: true, tags: ['db'] }],
      }),
    );
    host.emit({ name: 'elicitation:resolved', data: { id: 'el-1', agent: 'claude' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Claude asks you' })).toBeNull());
  });

  it('declines, and says why an answer was refused, in French', async () => {
    const host = mockHost(
      chatMethods(conversation({ busy: true, elicitations: [form] }), {
        'ChatService.AnswerElicitation': ([, action]) =>
          action === 'accept'
            ? { error: { code: -32602, message: '« target » : obligatoire' } }
            : null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, 'fr');
    const prompt = await screen.findByRole('form', { name: 'Claude vous demande' });
    fireEvent.submit(prompt);
    expect((await within(prompt).findByRole('alert')).textContent).toBe('« target » : obligatoire');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Refuser' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.AnswerElicitation',
        params: ['el-1', 'decline'],
      }),
    );
  });

  it('opens a link in a new tab, naming its site, and says the user went', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const link: ElicitationView = {
      id: 'el-2',
      agent: 'claude',
      mode: 'url',
      message: 'Log in to GitHub',
      url: 'https://github.com/login/device?code=1',
    };
    const host = mockHost(
      chatMethods(conversation({ busy: true, elicitations: [link] }), {
        'ChatService.AnswerElicitation': () => null,
      }),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    const prompt = await screen.findByRole('form', { name: 'Claude asks you' });
    expect(prompt.textContent).toContain('It opens on github.com:');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Open the link' }));
    expect(opened).toHaveBeenCalledWith(link.url, '_blank', 'noopener,noreferrer');
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.AnswerElicitation',
        params: ['el-2', 'accept'],
      }),
    );
    opened.mockRestore();
  });
});
