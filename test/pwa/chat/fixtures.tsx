/** Agents and conversations for the Chat screen's tests. */
import { useState } from 'react';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import type { AgentSummary } from '../../../schema/agents.ts';
import type {
  ChatMessage,
  Conversation,
  PermissionRequestView,
  ToolCallView,
} from '../../../schema/conversation.ts';
import type { Methods } from '../helpers/mockHost.tsx';
import { emptyConversation } from '../../../machines/conversationFold.ts';

export const agents: AgentSummary[] = [
  {
    name: 'claude',
    title: 'Claude',
    icon: '🤖',
    description: 'Writes the code',
    state: 'ready',
    error: '',
    outdated: false,
  },
  {
    name: 'codex',
    title: 'Codex',
    icon: '',
    description: '',
    state: 'error',
    error: 'spawn codex ENOENT',
    outdated: false,
  },
];

let clock = Date.parse('2025-05-01T10:00:00Z');

export function message(fields: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage {
  clock += 60_000;
  return {
    agent: 'claude',
    createdAt: new Date(clock).toISOString(),
    role: 'agent',
    parts: [],
    done: true,
    queued: false,
    ...fields,
  };
}

export function tool(fields: Partial<ToolCallView> & Pick<ToolCallView, 'id'>): ToolCallView {
  return {
    title: 'A tool',
    kind: 'other',
    status: 'completed',
    input: '',
    output: '',
    locations: [],
    diffs: [],
    ...fields,
  };
}

export function conversation(fields: Partial<Conversation> = {}): Conversation {
  return { ...emptyConversation('conv-now'), ...fields };
}

export const editTool = tool({
  id: 'tool-1',
  title: 'Edit src/main.ts',
  kind: 'edit',
  input: '{"path":"src/main.ts"}',
  output: 'Wrote 3 lines',
  locations: [{ path: 'src/main.ts', line: 2 }],
  diffs: [
    {
      path: 'src/main.ts',
      oldText: 'const a = 1;\nconst b = 2;\n',
      newText: 'const a = 1;\nconst b = 3;\n',
      newFile: false,
    },
    { path: 'src/new.ts', oldText: '', newText: 'export const fresh = true;\n', newFile: true },
  ],
});

export const permission = (fields: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  id: 'perm-1',
  agent: 'claude',
  messageId: 'a-live',
  toolCall: tool({ id: 'tool-2', title: 'Run npm test', kind: 'execute', status: 'pending' }),
  options: [
    { optionId: 'yes', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    { optionId: 'never', name: 'Never', kind: 'reject_always' },
  ],
  rejections: 0,
  ...fields,
});

/** A host that knows `agents` and answers `Conversation(agent)` with `snapshot`. */
export const chatMethods = (snapshot: Conversation, more: Methods = {}): Methods => ({
  'AgentService.List': () => agents,
  'ChatService.Conversation': () => snapshot,
  ...more,
});

/** The Chat screen with a route of its own: `navigate` goes where it says, as in the app. */
export function RoutedChat({ agent: initial }: { agent: string | undefined }) {
  const [agent, setAgent] = useState(initial);
  return (
    <ChatScreen
      agent={agent}
      navigate={(route) => setAgent(route.screen === 'chat' ? route.agent : undefined)}
    />
  );
}
