import type { CreateElicitationRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ConversationEvent } from '../../schema/conversation.ts';
import { translate } from '../../locales/translate.ts';
import { PendingElicitations } from '../../workers/PendingElicitations.ts';

function pending() {
  const events: ConversationEvent[] = [];
  let ids = 0;
  const elicitations = new PendingElicitations(
    'a',
    (event) => events.push(event),
    () => `e${++ids}`,
    (key, values) => translate('en', key, values),
  );
  return { elicitations, events };
}

const link = (url: string, elicitationId = 'flow') =>
  ({
    sessionId: 's',
    mode: 'url',
    message: 'Log in',
    url,
    elicitationId,
  }) as CreateElicitationRequest;

describe('the elicitations a conversation waits on', () => {
  it('end when the agent says a link’s flow is complete', async () => {
    const { elicitations, events } = pending();
    const answer = elicitations.ask(link('https://example.com/device'));
    elicitations.complete('another');
    elicitations.complete('flow');
    expect(await answer).toEqual({ action: 'accept' });
    expect(events.map((event) => event.name)).toEqual([
      'elicitation:requested',
      'elicitation:resolved',
    ]);
  });

  it('keep of an agent’s request only what can be shown, within bounds', () => {
    const { elicitations, events } = pending();
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [
        `p${index}`,
        { type: 'string', title: 't'.repeat(5000) },
      ]),
    );
    void elicitations.ask({
      sessionId: 's',
      mode: 'form',
      message: 'm'.repeat(10_000),
      requestedSchema: { type: 'object', properties, required: ['p0', 'nope'] },
    });
    const view = events[0]!.data as {
      message: string;
      schema: { properties: object; required: string[] };
    };
    expect(view.message).toHaveLength(2000);
    expect(Object.keys(view.schema.properties)).toHaveLength(30);
    expect(view.schema.required).toEqual(['p0']);
  });

  it('never show a link that is not http(s): the agent is told “cancel”', async () => {
    const { elicitations, events } = pending();
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
      'not a url',
    ]) {
      expect(await elicitations.ask(link(url))).toEqual({ action: 'cancel' });
    }
    expect(events).toEqual([]);
  });

  it('answer “cancel” to all that wait, and abandon them without a word', async () => {
    const { elicitations, events } = pending();
    const first = elicitations.ask(link('https://example.com/1', 'f1'));
    elicitations.cancelAll();
    expect(await first).toEqual({ action: 'cancel' });
    const second = elicitations.ask(link('https://example.com/2', 'f2'));
    const before = events.length;
    elicitations.abandon();
    expect(await second).toEqual({ action: 'cancel' });
    expect(events).toHaveLength(before);
  });
});
