import { describe, expect, test } from 'vitest';
import type { StoredConversation } from '../../../host/conversations/ConversationDatabase.ts';
import { exportMarkdown } from '../../../host/conversations/exportMarkdown.ts';
import type { ChatMessage } from '../../../schema/conversation.ts';
import { agentMessage, sampleTool, userMessage } from './sampleMessages.ts';
import { emptyConversation } from '../../../machines/conversationFold.ts';

function stored(messages: ChatMessage[], title = 'Louder fifth line'): StoredConversation {
  return {
    config: '/config.yaml',
    agent: 'claude',
    conversation: { ...emptyConversation('c1'), title, messages },
    createdAt: '2025-03-01T14:00:00.000Z',
    updatedAt: '2025-03-01T14:10:00.000Z',
    session: null,
  };
}

describe('exportMarkdown', () => {
  test('a conversation with every kind of part, in English', () => {
    const markdown = exportMarkdown(
      stored([userMessage('m1', 'Make the fifth line louder'), agentMessage('m2')]),
      'en',
    );
    expect(markdown).toBe(`# Louder fifth line

A conversation with claude, started 2025-03-01 14:00:00 UTC.

## You · 2025-03-01 14:05:09 UTC

Make the fifth line louder

## claude · 2025-03-01 14:05:12 UTC

> The user wants the fifth line louder.
>
> Easy.

I will edit **main.ts**.

### Tool: Edit src/main.ts (done)

**Input**

\`\`\`json
{"path":"src/main.ts"}
\`\`\`

**Output**

\`\`\`
wrote 3 lines
\`\`\`

**Change to src/main.ts**

\`\`\`diff
--- src/main.ts
+++ src/main.ts
@@ -2,7 +2,7 @@
 two
 three
 four
-five
+FIVE
 six
 seven
 eight
\`\`\`

**New file src/new.ts**

\`\`\`diff
--- /dev/null
+++ src/new.ts
@@ -0,0 +1,1 @@
+export {};
\`\`\`

**Plan**

- [x] Read the file
- [ ] Edit it (in progress)
- [ ] Run the tests

*The agent finished its answer.*
`);
  });

  test('what ended each message, in French', () => {
    const markdown = exportMarkdown(
      stored(
        [
          userMessage('m1', 'et ensuite ?', { queued: false, error: 'cancelled' }),
          agentMessage('m2', { parts: [], stopReason: undefined, error: 'l’agent a planté' }),
          agentMessage('m3', { parts: [], stopReason: 'max_tokens' }),
          agentMessage('m4', { parts: [], stopReason: undefined, done: false }),
          { ...userMessage('m5', ''), role: 'system', parts: [], code: 'agent-restarted' },
          {
            ...userMessage('m6', ''),
            role: 'system',
            parts: [],
            code: 'agent-unavailable',
            error: 'ENOENT',
          },
        ],
        '',
      ),
      'fr',
    );
    expect(markdown).toContain('# Conversation sans titre\n');
    expect(markdown).toContain(
      'Une conversation avec claude, commencée le 2025-03-01 14:00:00 UTC.',
    );
    for (const line of [
      '## Vous · 2025-03-01 14:05:09 UTC',
      '*Annulé : non envoyé.*',
      '*Terminée par une erreur : l’agent a planté*',
      '*Interrompue : l’agent a atteint sa limite de sortie.*',
      '*Inachevée : la réponse était encore en cours.*',
      '## Switchboard · 2025-03-01 14:05:09 UTC',
      '*claude a redémarré dans une nouvelle session et a oublié le début de cette conversation.*',
      '*Impossible de démarrer ou de joindre claude : ENOENT*',
    ]) {
      expect(markdown).toContain(`\n${line}\n`);
    }
  });

  test('a user message names its images and files (their bytes are the host’s)', () => {
    const attachments = [
      { kind: 'image' as const, mimeType: 'image/png' as const, id: 'f00d', size: 2048 },
      { kind: 'file' as const, path: 'src/notes_1.md' },
    ];
    const message = userMessage('m1', 'look', { attachments });
    expect(exportMarkdown(stored([message]), 'en')).toContain(
      '\nlook\n\n- Image sent (image/png, 2,048 bytes)\n- File sent: src/notes\\_1.md\n',
    );
    expect(exportMarkdown(stored([message]), 'fr')).toContain(
      '- Fichier envoyé : src/notes\\_1.md',
    );
  });

  test('what the agent wrote cannot break out of its block or heading', () => {
    const tool = sampleTool({ title: '# *tricky*', output: 'a\n```\nb', diffs: [] });
    const markdown = exportMarkdown(
      stored([agentMessage('m1', { parts: [{ kind: 'tool', tool }] })], 'A *bold* [title]'),
      'en',
    );
    expect(markdown).toContain('# A \\*bold\\* \\[title\\]\n');
    expect(markdown).toContain('### Tool: \\# \\*tricky\\* (done)\n');
    expect(markdown).toContain('\n````\na\n```\nb\n````\n');
  });
});
