import { useEffect, useRef } from 'react';
import type { AgentCommand } from '../../../schema/conversation.ts';

export interface CommandMenuProps {
  id: string;
  label: string;
  commands: readonly AgentCommand[];
  active: number;
  onHighlight: (index: number) => void;
  onChoose: (command: AgentCommand) => void;
}

/** The id of the option at `index` in the menu `id`, for `aria-activedescendant`. */
export const commandOptionId = (id: string, index: number) => `${id}-option-${index}`;

/** The slash commands that match, as a listbox; the textarea keeps the focus and drives it. */
export function CommandMenu({
  id,
  label,
  commands,
  active,
  onHighlight,
  onChoose,
}: CommandMenuProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <ul ref={list} id={id} role="listbox" aria-label={label} className="chat-commands">
      {commands.map((command, index) => (
        <li
          key={command.name}
          id={commandOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          className="chat-command"
          // Keep the focus in the textarea.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => {
            if (index !== active) onHighlight(index);
          }}
          onClick={() => onChoose(command)}
        >
          <span className="chat-command-name">/{command.name.replace(/^\//, '')}</span>
          <span className="chat-command-description">{command.description}</span>
          {command.hint !== undefined && <span className="chat-command-hint">{command.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
