import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Conversation } from '../../workers/Conversation.ts';
import { ScriptedAgent } from './scriptedAgent.ts';

describe('a refusal of the conversation', () => {
  it('is worded in the user’s language, for the host to pass on as it is', () => {
    const [scheduler] = fc.sample(fc.scheduler(), 1);
    let language: 'en' | 'fr' = 'fr';
    const conversation = new Conversation({
      agent: 'a',
      link: new ScriptedAgent(scheduler!),
      emit: () => {},
      language: () => language,
    });
    expect(conversation.answerPermission('p-1', 'yes')).toEqual({
      ok: false,
      error: {
        kind: 'not-found',
        message:
          'aucune demande de permission « p-1 » n’attend (elle a reçu une réponse ou a été annulée)',
      },
    });
    language = 'en';
    const refused = conversation.answerPermission('p-1', 'yes');
    expect(refused.ok ? undefined : refused.error.message).toBe(
      'no permission request “p-1” is waiting (it was answered or cancelled)',
    );
  });
});
