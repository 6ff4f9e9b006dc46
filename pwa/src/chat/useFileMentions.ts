import { useEffect, useState, type KeyboardEvent } from 'react';
import { useCompletionMenu } from './useCompletionMenu.ts';
import { useHostStore } from '../connection/useHost.ts';

export interface FileMentions {
  /** The menu is shown. */
  open: boolean;
  /** The files of the agent's `cwd` that match what was typed after `@`. */
  matches: readonly string[];
  active: number;
  setActive: (index: number) => void;
  /** The text once `path` is chosen: the `@` word becomes `@path `. */
  complete: (path: string) => string;
  /** Handles the menu's keys (arrows, Tab/Enter, Escape); true when the key was the menu's. */
  onKeyDown: (event: KeyboardEvent, choose: (path: string) => void) => boolean;
}

/** How long typing pauses before the host is asked (each ask walks the `cwd`). */
const askAfterMs = 120;

/**
 * Files of the agent's `cwd` for the word after `@` at the end of the text, asked of the host
 * (`ChatService.Files`), offered as the slash commands are (`useSlashCommands.ts`): a listbox
 * driven from the textarea. Choosing one attaches it (`{kind: 'file'}`).
 */
export function useFileMentions(agent: string, text: string): FileMentions {
  const store = useHostStore();
  const query = /(?:^|\s)@([^\s@]*)$/.exec(text)?.[1];
  const [found, setFound] = useState<{ query: string; paths: string[] }>();

  useEffect(() => {
    if (query === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      store.call('ChatService.Files', agent, query).then(
        (paths) => current && setFound({ query, paths }),
        () => current && setFound({ query, paths: [] }),
      );
    }, askAfterMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [agent, query, store]);

  const matches = query !== undefined && found?.query === query ? found.paths : [];
  const menu = useCompletionMenu(query, matches);
  const complete = (path: string) =>
    `${text.slice(0, text.length - (query?.length ?? 0) - 1)}@${path} `;
  return { ...menu, matches, complete };
}
