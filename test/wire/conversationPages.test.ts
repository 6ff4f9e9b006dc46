/**
 * A long conversation in pages (issue 17, an addition to the contract): `Conversation(name, last)`
 * answers the last messages and how many come before, and `Messages(name, id, before, limit)` the
 * pages before them, so the app opens a long conversation at its end and loads the rest on scroll.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '../../schema/conversation.ts';
import { ChatClient } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

describe('a conversation in pages', () => {
  it('answers its last messages, then the pages before them, each once and in order', async () => {
    const host = await start(configText({ a: ['--session'] }));
    const chat = new ChatClient(await host.connect());
    for (let turn = 0; turn < 5; turn++) {
      await chat.answer('a', await chat.send('a', `message ${turn}`));
    }
    const whole = await chat.conversation('a');
    expect(whole.messages).toHaveLength(10);
    expect(whole.earlier).toBeUndefined();

    const last = (await host.rpc('ChatService.Conversation', ['a', 3])).result as Conversation;
    expect(last.earlier).toBe(7);
    expect(last.messages).toEqual(whole.messages.slice(7));
    expect({ ...last, messages: [], earlier: 0 }).toEqual({ ...whole, messages: [], earlier: 0 });

    // Pages of 3 before them, down to the first message.
    const pages: ChatMessage[][] = [];
    for (let before = last.earlier!; before > 0; before -= 3) {
      const { result } = await host.rpc('ChatService.Messages', ['a', whole.id, before, 3]);
      pages.unshift(result as ChatMessage[]);
    }
    expect(pages.map((page) => page.length)).toEqual([1, 3, 3]);
    expect([...pages.flat(), ...last.messages]).toEqual(whole.messages);

    // Asking for more than there is answers all of it.
    const all = (await host.rpc('ChatService.Conversation', ['a', 500])).result as Conversation;
    expect(all.earlier).toBeUndefined();
    expect(all.messages).toEqual(whole.messages);
  });

  it('refuses a page of another conversation, and sizes out of bounds, in the user’s language', async () => {
    const host = await start(configText({ a: ['--session'] }, 'language: fr\n'));
    const chat = new ChatClient(await host.connect());
    await chat.answer('a', await chat.send('a', 'bonjour'));
    const { id } = await chat.conversation('a');

    const other = await host.rpc('ChatService.Messages', ['a', 'not-this-one', 2, 10]);
    expect(other.error).toMatchObject({
      data: { kind: 'not-found' },
      message:
        '« not-this-one » n’est pas la conversation en cours de cet agent : ouvrez-la d’abord',
    });
    for (const params of [
      ['a', id, -1, 10],
      ['a', id, 2, 0],
      ['a', id, 2, 1001],
      ['a', id, 2.5, 10],
      ['a', id, 2],
    ]) {
      expect((await host.rpc('ChatService.Messages', params)).error).toMatchObject({
        code: -32602,
      });
    }
    for (const last of [0, 1001, 'ten']) {
      expect((await host.rpc('ChatService.Conversation', ['a', last])).error).toMatchObject({
        code: -32602,
      });
    }
    expect((await host.rpc('ChatService.Messages', ['nobody', id, 2, 10])).error).toMatchObject({
      data: { kind: 'unknown-agent' },
    });
  });
});
