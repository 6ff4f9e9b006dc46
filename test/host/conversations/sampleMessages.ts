import type {
  ChatMessage,
  PermissionRequestView,
  ToolCallView,
} from '../../../schema/conversation.ts';

/** A tool call with everything a tool call may hold. */
export function sampleTool(overrides: Partial<ToolCallView> = {}): ToolCallView {
  return {
    id: 'tool-1',
    title: 'Edit src/main.ts',
    kind: 'edit',
    status: 'completed',
    input: '{"path":"src/main.ts"}',
    output: 'wrote 3 lines',
    locations: [{ path: 'src/main.ts', line: 2 }, { path: 'README.md' }],
    diffs: [
      {
        path: 'src/main.ts',
        oldText: 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n',
        newText: 'one\ntwo\nthree\nfour\nFIVE\nsix\nseven\neight\n',
        newFile: false,
      },
      { path: 'src/new.ts', oldText: '', newText: 'export {};\n', newFile: true },
    ],
    ...overrides,
  };
}

/** A user message. */
export function userMessage(
  id: string,
  text: string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    agent: 'claude',
    createdAt: '2025-03-01T14:05:09.000Z',
    role: 'user',
    parts: [{ kind: 'text', text }],
    done: true,
    queued: false,
    ...overrides,
  };
}

/** An agent message with one part of each kind. */
export function agentMessage(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    agent: 'claude',
    createdAt: '2025-03-01T14:05:12.500Z',
    role: 'agent',
    parts: [
      { kind: 'thought', text: 'The user wants the fifth line louder.\n\nEasy.' },
      { kind: 'text', text: 'I will edit **main.ts**.' },
      { kind: 'tool', tool: sampleTool() },
      {
        kind: 'plan',
        entries: [
          { content: 'Read the file', priority: 'high', status: 'completed' },
          { content: 'Edit it', priority: 'medium', status: 'in_progress' },
          { content: 'Run the tests', priority: 'low', status: 'pending' },
        ],
      },
    ],
    done: true,
    queued: false,
    stopReason: 'end_turn',
    ...overrides,
  };
}

/** A permission request about `sampleTool()`. */
export function samplePermission(id: string, messageId: string): PermissionRequestView {
  return {
    id,
    agent: 'claude',
    messageId,
    toolCall: sampleTool({ status: 'pending' }),
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    rejections: 0,
  };
}
