import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinAgentCommand } from '../../host/config/builtinAgent.ts';
import { ChatClient, textOf } from '../helpers/chat.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** A configuration of the built-in agent alone, in `language` when given. */
function builtinConfig(language?: 'en' | 'fr'): string {
  const { command, args } = builtinAgentCommand();
  return [
    ...(language ? [`language: ${language}`] : []),
    'agents:',
    '  builtin:',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
}

describe('a conversation with the built-in agent, over the wire', () => {
  it('streams an answer, asks a permission, cancels a second turn, and Conversation() matches the events', async () => {
    const host = await start(builtinConfig());
    await writeFile(join(host.folder, 'README.md'), '# A project\n');
    const chat = new ChatClient(await host.connect());

    // The first turn: a command that needs the user's permission.
    const first = await chat.send('builtin', 'run echo switchboard-was-here');
    const request = await chat.permission('builtin');
    expect(request.toolCall).toMatchObject({
      kind: 'execute',
      title: 'Run echo switchboard-was-here',
    });
    const allow = request.options.find((option) => option.kind === 'allow_once')!;
    await chat.wire.call('ChatService.AnswerPermission', [request.id, allow.optionId]);
    const answer = await chat.answer('builtin', first);
    expect(answer.stopReason).toBe('end_turn');
    expect(textOf(answer)).toContain('switchboard-was-here');
    const deltas = chat.wire.events.filter(
      (event) =>
        event.name === 'message:delta' &&
        (event.data as { messageId: string }).messageId === answer.id,
    );
    expect(deltas.length).toBeGreaterThan(1); // it streamed in

    // The second turn: cancelled while the command runs.
    const second = await chat.send('builtin', 'run sleep 20');
    const again = await chat.permission('builtin', 1);
    await chat.wire.call('ChatService.AnswerPermission', [
      again.id,
      again.options.find((option) => option.kind === 'allow_once')!.optionId,
    ]);
    await expect
      .poll(() =>
        chat
          .answerTo('builtin', second)
          ?.parts.some((part) => part.kind === 'tool' && part.tool.status === 'in_progress'),
      )
      .toBe(true);
    await chat.wire.call('ChatService.Cancel', ['builtin']);
    expect((await chat.answer('builtin', second)).stopReason).toBe('cancelled');

    const conversation = await chat.settled('builtin');
    expect(conversation.messages.map((message) => message.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent',
    ]);
    expect(conversation.permissions).toEqual([]);
  });

  it('speaks the configuration’s language: a French question gets a French answer, plan and tools', async () => {
    const host = await start(builtinConfig('fr'));
    await writeFile(join(host.folder, 'README.md'), '# Un projet\n');
    const chat = new ChatClient(await host.connect());

    const answer = await chat.answer(
      'builtin',
      await chat.send('builtin', 'que contient ce dossier ?'),
    );
    expect(answer.stopReason).toBe('end_turn');
    expect(textOf(answer)).toContain('Voici les fichiers et dossiers');
    expect(textOf(answer)).toContain('README.md');
    expect(textOf(answer)).toContain('**Un projet**');
    const tools = answer.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool.title] : []));
    expect(tools).toContain('Chercher un README');
    const plan = answer.parts.flatMap((part) => (part.kind === 'plan' ? part.entries : []));
    expect(plan.map(({ content }) => content)).toEqual([
      'Lister le dossier de travail',
      'Chercher un README',
      'Écrire la réponse',
    ]);
  });
});
