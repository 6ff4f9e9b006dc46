/**
 * `ChatService.Permissions()` (issue 16 item 3, an addition to the contract): every agent's
 * pending permission requests in one call, for the app's approval inbox, which holds only the
 * conversations it opened.
 */
import { describe, expect, it } from 'vitest';
import { askPermission, ChatClient, script } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const ask = (toolCallId: string, title: string) =>
  askPermission({ toolCallId, title }, [{ optionId: 'yes', name: 'Allow', kind: 'allow_once' }]);

describe('ChatService.Permissions', () => {
  it('lists the pending requests of every agent, until each is answered', async () => {
    const host = await start(configText({ a: ['--session'], b: ['--session'] }));
    const chat = new ChatClient(await host.connect());
    expect((await host.rpc('ChatService.Permissions')).result).toEqual([]);
    await chat.send('a', script(ask('one', 'Run make')));
    await chat.send('b', script(ask('two', 'Run tests')));
    const [fromA, fromB] = [await chat.permission('a'), await chat.permission('b')];
    const pending = (await host.rpc('ChatService.Permissions')).result as { id: string }[];
    expect(pending).toHaveLength(2);
    expect(pending).toEqual(expect.arrayContaining([fromA, fromB]));
    await chat.wire.call('ChatService.AnswerPermission', [fromB.id, 'yes']);
    await expect
      .poll(async () => (await host.rpc('ChatService.Permissions')).result)
      .toEqual([fromA]);
  });
});
