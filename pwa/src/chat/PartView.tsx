import type {
  MessagePart,
  MessageRole,
  PermissionRequestView,
} from '../../../schema/conversation.ts';
import { MarkdownText } from './markdown/MarkdownText.tsx';
import { PermissionPrompt } from './PermissionPrompt.tsx';
import { PlanList } from './PlanList.tsx';
import { ThoughtPart } from './ThoughtPart.tsx';
import { ToolCard } from './ToolCard.tsx';

export interface PartViewProps {
  /** The agent whose message holds the part (a terminal's Kill reaches it). */
  agent: string;
  part: MessagePart;
  role: MessageRole;
  done: boolean;
  /** The message's pending permission requests: a tool card shows the one about its call. */
  permissions: readonly PermissionRequestView[];
  agentTitle: string;
}

/** One part of a message: Markdown (the agent's) or plain text (yours), thought, tool, plan. */
export function PartView({ agent, part, role, done, permissions, agentTitle }: PartViewProps) {
  switch (part.kind) {
    case 'text':
      return role === 'agent' ? (
        <MarkdownText text={part.text} streaming={!done} />
      ) : (
        <p className="chat-plain">{part.text}</p>
      );
    case 'thought':
      return <ThoughtPart text={part.text} done={done} />;
    case 'tool': {
      const request = permissions.find((candidate) => candidate.toolCall.id === part.tool.id);
      return (
        <ToolCard agent={agent} tool={part.tool}>
          {request && <PermissionPrompt request={request} agentTitle={agentTitle} />}
        </ToolCard>
      );
    }
    case 'plan':
      return <PlanList entries={part.entries} />;
  }
}
