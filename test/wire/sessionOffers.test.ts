import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schema/conversation.ts';
import { ChatClient, runScript } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const settings = (text: string) => JSON.parse(text.replace(/^settings: /, '')) as object;
const current = ({ modes, options }: Conversation) => ({
  mode: modes?.current,
  options: Object.fromEntries(options.map((option) => [option.id, option.current])),
});

describe('what an agent’s session offers, over the wire (CONTRACT.md §7)', () => {
  it('shows the modes and options, sets them, and sets them again in the next session', async () => {
    const config = configText({ a: ['--modes'] });
    const host = await start(config);
    const chat = new ChatClient(await host.connect());
    expect(settings(await runScript(chat, 'a', { echoSettings: true }))).toEqual({
      mode: 'ask',
      model: 'fast',
      thinking: false,
    });
    const offered = await chat.settled('a');
    expect(offered.modes).toEqual({
      current: 'ask',
      available: [
        { id: 'ask', name: 'Ask', description: 'Ask mode' },
        { id: 'plan', name: 'Plan', description: 'Plan mode' },
        { id: 'code', name: 'Code', description: 'Code mode' },
      ],
    });
    expect(offered.options).toEqual([
      {
        id: 'model',
        name: 'Model',
        category: 'model',
        type: 'select',
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
        type: 'boolean',
        current: false,
        values: [],
      },
    ]);

    for (const [method, params] of [
      ['ChatService.SetMode', ['a', 'plan']],
      ['ChatService.SetOption', ['a', 'model', 'deep']],
      ['ChatService.SetOption', ['a', 'thinking', true]],
    ] as const) {
      expect((await chat.wire.call(method, [...params])).error).toBeUndefined();
    }
    const chosen = { mode: 'plan', options: { model: 'deep', thinking: true } };
    expect(current(await chat.conversation('a'))).toEqual(chosen);
    expect(current(chat.folded('a'))).toEqual(chosen); // session:changed told every client
    const told = { mode: 'plan', model: 'deep', thinking: true };
    expect(settings(await runScript(chat, 'a', { echoSettings: true }))).toEqual(told);

    // A new run of the agent makes a new session (it resumes none): the choices are set again.
    await chat.wire.call('AgentService.Stop', ['a']);
    expect(settings(await runScript(chat, 'a', { echoSettings: true }))).toEqual(told);
    expect(current(await chat.settled('a'))).toEqual(chosen);

    // A host restarted on the same state: the conversation keeps them, and sets them again.
    await host.stop();
    const again = await start(config, [], {}, { folder: host.folder });
    const later = new ChatClient(await again.connect());
    expect(current(await later.conversation('a'))).toEqual(chosen);
    expect(settings(await runScript(later, 'a', { echoSettings: true }))).toEqual(told);
  });

  it('follows the modes and options the agent changes itself', async () => {
    const host = await start(configText({ a: ['--modes'] }));
    const chat = new ChatClient(await host.connect());
    await runScript(
      chat,
      'a',
      { update: { sessionUpdate: 'current_mode_update', currentModeId: 'code' } },
      {
        update: {
          sessionUpdate: 'config_option_update',
          configOptions: [
            {
              id: 'model',
              name: 'Model',
              type: 'select',
              currentValue: 'deep',
              options: [{ group: 'all', name: 'All', options: [{ value: 'deep', name: 'Deep' }] }],
            },
          ],
        },
      },
    );
    const { modes, options } = await chat.settled('a');
    expect(modes?.current).toBe('code');
    expect(options).toEqual([
      {
        id: 'model',
        name: 'Model',
        category: 'other',
        type: 'select',
        current: 'deep',
        values: [{ value: 'deep', name: 'Deep' }],
      },
    ]);
  });

  it('takes Qwen Code’s own mode notification for the ACP update it does not send (agentQuirks)', async () => {
    const host = await start(
      configText({ q: ['--modes', '--agent-name=qwen-code'], a: ['--modes'] }),
    );
    const chat = new ChatClient(await host.connect());
    const notify = {
      method: 'qwen/notify/session/mode-update',
      params: { v: 1, currentModeId: 'code' },
    };
    for (const agent of ['q', 'a']) {
      await runScript(chat, agent, { notify });
      await chat.settled(agent);
    }
    expect((await chat.conversation('q')).modes?.current).toBe('code');
    // Any other agent's own notifications mean nothing to Switchboard.
    expect((await chat.conversation('a')).modes?.current).toBe('ask');
  });

  it('refuses a mode, an option or a value the session does not offer, in the user’s language', async () => {
    const host = await start(configText({ a: ['--modes'] }, 'language: fr\n'));
    const chat = new ChatClient(await host.connect());
    expect((await chat.wire.call('ChatService.SetMode', ['a', 'plan'])).error).toMatchObject({
      code: -32000,
      message: 'a ne propose pas de mode « plan »',
      data: { kind: 'not-found' },
    });
    await runScript(chat, 'a', { echoSettings: true });
    await chat.settled('a');
    expect((await chat.wire.call('ChatService.SetMode', ['a', 'yolo'])).error).toMatchObject({
      message: 'a ne propose pas de mode « yolo »',
      data: { kind: 'not-found' },
    });
    expect(
      (await chat.wire.call('ChatService.SetOption', ['a', 'speed', 'max'])).error,
    ).toMatchObject({
      message: 'a ne propose pas d’option « speed »',
    });
    expect(
      (await chat.wire.call('ChatService.SetOption', ['a', 'model', 'huge'])).error,
    ).toMatchObject({
      message: '« huge » n’est pas une des valeurs de Model',
    });
    expect(
      (await chat.wire.call('ChatService.SetOption', ['a', 'thinking', 'yes'])).error,
    ).toMatchObject({
      message: '« yes » n’est pas une des valeurs de Thinking',
    });
    expect((await chat.wire.call('ChatService.SetOption', ['a', 'model', 3])).error).toMatchObject({
      code: -32602,
    });
    expect((await chat.wire.call('ChatService.SetMode', ['nobody', 'plan'])).error).toMatchObject({
      data: { kind: 'unknown-agent' },
    });
    expect(current(await chat.conversation('a'))).toEqual({
      mode: 'ask',
      options: { model: 'fast', thinking: false },
    });
  });
});
