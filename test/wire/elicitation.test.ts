/** Elicitations (CONTRACT.md §7): an agent asks the user for input, through a real host. */
import { describe, expect, it } from 'vitest';
import type { ElicitationView } from '../../schema/elicitation.ts';
import { ChatClient, script, textOf, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

async function chatWith(language = 'en') {
  return withChat(await start(configText({ a: ['--session'] }, `language: ${language}\n`)));
}

const requestedSchema = {
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
    notify: { type: 'boolean', title: 'Notify the team' },
    tags: { type: 'array', items: { type: 'string', enum: ['urgent', 'db'] } },
    secret: { type: 'object', properties: {} }, // a type no form shows: dropped
  },
  required: ['target', 'replicas', 'secret'],
};

/** The elicitation `agent` asks, once it is there. */
async function asked(chat: ChatClient): Promise<ElicitationView> {
  await expect.poll(() => chat.folded('a').elicitations.length).toBe(1);
  return chat.folded('a').elicitations[0]!;
}

describe('an agent that asks the user for input', () => {
  it('shows a form of what it can, checks the answer, and gives it to the agent', async () => {
    const { chat } = await chatWith();
    const sent = await chat.send('a', script({ elicit: { mode: 'form', requestedSchema } }));
    const form = await asked(chat);
    expect(form).toMatchObject({ agent: 'a', mode: 'form', message: 'Tell me' });
    expect(Object.keys(form.schema!.properties)).toEqual(['target', 'replicas', 'notify', 'tags']);
    expect(form.schema!.required).toEqual(['target', 'replicas']);
    expect((await chat.conversation('a')).elicitations).toEqual([form]);

    const answer = (action: string, content?: object) =>
      chat.wire.call('ChatService.AnswerElicitation', [
        form.id,
        action,
        ...(content ? [content] : []),
      ]);
    for (const [content, message] of [
      [{ replicas: 2 }, '“target”: required'],
      [{ target: 'dev', replicas: 2 }, '“target”: not one of the choices'],
      [{ target: 'prod', replicas: 9 }, '“replicas”: too large'],
      [{ target: 'prod', replicas: 1.5 }, '“replicas”: not the right kind of value'],
      [{ target: 'prod', replicas: 1, tags: ['urgent', 'x'] }, '“tags”: not one of the choices'],
      [{ target: 'prod', replicas: 1, rm: '-rf' }, '“rm”: not in the form'],
    ] as const) {
      expect((await answer('accept', content)).error).toMatchObject({ code: -32602, message });
    }
    expect((await answer('maybe')).error).toMatchObject({ code: -32602 });
    const content = { target: 'prod', replicas: 3, notify: true, tags: ['db'] };
    expect((await answer('accept', content)).error).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe(
      `elicit: ${JSON.stringify({ action: 'accept', content })}`,
    );
    expect((await chat.settled('a')).elicitations).toEqual([]);
    expect((await answer('accept', content)).error).toMatchObject({ data: { kind: 'not-found' } });
  });

  it('cuts a hostile form to what it documents: every text, name, choice and default', async () => {
    const { chat } = await chatWith();
    const long = (text: string, length: number) => text.padEnd(length, '.');
    const properties = {
      [long('p0', 2000)]: {
        type: 'string',
        title: long('Title', 100_000),
        description: long('Description', 100_000),
        default: long('default', 100_000),
        enum: ['short', long('choice', 100_000)],
      },
      ...Object.fromEntries(
        Array.from({ length: 29 }, (_, index) => [
          long(`p${index + 1}`, 20_000),
          { type: 'string' },
        ]),
      ),
    };
    const requestedSchema = { type: 'object', title: long('Form', 100_000), properties };
    const sent = await chat.send(
      'a',
      script({ elicit: { mode: 'form', message: long('Tell me', 100_000), requestedSchema } }),
    );
    const form = await asked(chat);
    // The one property whose name is within bounds, its texts cut, its long values dropped.
    expect(form.message).toBe(long('Tell me', 2000));
    expect(form.schema).toEqual({
      type: 'object',
      title: long('Form', 2000),
      properties: {
        [long('p0', 2000)]: {
          type: 'string',
          title: long('Title', 2000),
          description: long('Description', 2000),
          enum: ['short'],
        },
      },
      required: [],
    });
    const requested = chat.wire.events.find((event) => event.name === 'elicitation:requested');
    expect(JSON.stringify(requested).length).toBeLessThan(12_000);
    await chat.wire.call('ChatService.AnswerElicitation', [form.id, 'decline']);
    expect(textOf(await chat.answer('a', sent))).toBe('elicit: {"action":"decline"}');
  });

  // 17 MiB written, piped and read on a loaded 2-core machine: more than the default 30 s.
  it('ends the turn saying why when the agent sends a request over 16 MiB', async () => {
    const { chat } = await chatWith();
    const sent = await chat.send('a', script({ oversized: 17 * 2 ** 20 }));
    const answer = await chat.answer('a', sent);
    expect(answer.error).toBe(
      'the agent sent a message of 17 MiB, more than the 16 MiB Switchboard reads: it was refused and the answer stopped',
    );
    expect(chat.folded('a').elicitations).toEqual([]);
    expect(textOf(await chat.answer('a', await chat.send('a', 'hi')))).toBe('Hello, world');
  }, 60_000);

  it('offers a link to open, and only an http(s) one', async () => {
    const { chat } = await chatWith();
    const first = await chat.send(
      'a',
      script({
        elicit: { mode: 'url', url: 'https://example.com/login?x=1', elicitationId: 'e1' },
      }),
    );
    const link = await asked(chat);
    expect(link).toMatchObject({ mode: 'url', url: 'https://example.com/login?x=1' });
    expect(link.schema).toBeUndefined();
    await chat.wire.call('ChatService.AnswerElicitation', [link.id, 'accept']);
    expect(textOf(await chat.answer('a', first))).toBe('elicit: {"action":"accept"}');
    await chat.settled('a');

    // A link of another scheme is never shown: the agent is told "cancel".
    const second = await chat.send(
      'a',
      script({ elicit: { mode: 'url', url: 'javascript:alert(1)', elicitationId: 'e2' } }),
    );
    expect(textOf(await chat.answer('a', second))).toBe('elicit: {"action":"cancel"}');
    expect(chat.wire.events.filter((event) => event.name === 'elicitation:requested')).toHaveLength(
      1,
    );
  });

  it('goes with the turn the user cancels, or is declined, in French', async () => {
    const { chat } = await chatWith('fr');
    const sent = await chat.send('a', script({ elicit: { mode: 'form', requestedSchema } }));
    const form = await asked(chat);
    expect(
      (await chat.wire.call('ChatService.AnswerElicitation', [form.id, 'accept', {}])).error,
    ).toMatchObject({ message: '« target » : obligatoire' });
    await chat.wire.call('ChatService.Cancel', ['a']);
    expect((await chat.answer('a', sent)).stopReason).toBe('cancelled');
    expect((await chat.settled('a')).elicitations).toEqual([]);
    const resolved = chat.wire.events.filter((event) => event.name === 'elicitation:resolved');
    expect(resolved.map((event) => event.data)).toEqual([{ id: form.id, agent: 'a' }]);

    const again = await chat.send('a', script({ elicit: { mode: 'form', requestedSchema } }));
    const next = await asked(chat);
    await chat.wire.call('ChatService.AnswerElicitation', [next.id, 'decline']);
    expect(textOf(await chat.answer('a', again))).toBe('elicit: {"action":"decline"}');
  });
});
