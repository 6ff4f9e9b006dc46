import type { AgentCommand } from '../../../schema/conversation.ts';
import { ComposerMenu, type ComposerMenuProps } from './ComposerMenu.tsx';

export interface CommandMenuProps extends ComposerMenuProps<AgentCommand> {
  commands: readonly AgentCommand[];
}

/** The slash commands that match, as a listbox; the textarea keeps the focus and drives it. */
export function CommandMenu({ commands, ...menu }: CommandMenuProps) {
  return (
    <ComposerMenu
      {...menu}
      items={commands}
      keyOf={(command) => command.name}
      render={(command) => (
        <>
          <span className="chat-command-name">/{command.name.replace(/^\//, '')}</span>
          <span className="chat-command-description">{command.description}</span>
          {command.hint !== undefined && <span className="chat-command-hint">{command.hint}</span>}
        </>
      )}
    />
  );
}
