import { useMemo, type KeyboardEvent } from 'react';
import type { AgentCommand } from '../../../schema/conversation.ts';
import { useCompletionMenu } from './useCompletionMenu.ts';

export interface SlashCommands {
  /** The menu is shown. */
  open: boolean;
  /** The commands that match what was typed after `/`. */
  matches: readonly AgentCommand[];
  /** The highlighted match. */
  active: number;
  setActive: (index: number) => void;
  /** The text once `command` is chosen. */
  complete: (command: AgentCommand) => string;
  /** What to type after the command just chosen (its `hint`), until something is typed. */
  hint: string | undefined;
  /** Handles the menu's keys (arrows, Tab/Enter, Escape); true when the key was the menu's. */
  onKeyDown: (event: KeyboardEvent, setText: (text: string) => void) => boolean;
}

const bare = (command: AgentCommand) => command.name.replace(/^\//, '');

/**
 * The agent's slash commands, offered while the text is `/` and the start of a command's name:
 * a listbox driven from the textarea (↑/↓ move, Tab or Enter completes, Escape closes).
 */
export function useSlashCommands(text: string, commands: readonly AgentCommand[]): SlashCommands {
  const query = /^\/(\S*)$/.exec(text)?.[1];
  const matches = useMemo(() => {
    if (query === undefined) return [];
    const start = query.toLowerCase();
    return commands.filter((command) => bare(command).toLowerCase().startsWith(start));
  }, [commands, query]);
  const menu = useCompletionMenu(query, matches);
  const complete = (command: AgentCommand) => `/${bare(command)} `;
  const hint = commands.find((command) => text === complete(command))?.hint;
  const onKeyDown = (event: KeyboardEvent, setText: (text: string) => void): boolean =>
    menu.onKeyDown(event, (command) => setText(complete(command)));
  return { ...menu, matches, complete, hint, onKeyDown };
}
