import { useEffect, useState, type KeyboardEvent } from 'react';
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
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const [dismissed, setDismissed] = useState<string>();

  useEffect(() => {
    if (query === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      store.call<string[]>('ChatService.Files', [agent, query]).then(
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
  const open = matches.length > 0 && dismissed !== query;
  const active = highlight.query === query ? Math.min(highlight.index, matches.length - 1) : 0;
  const setActive = (index: number) => setHighlight({ query: query ?? '', index });
  const complete = (path: string) =>
    `${text.slice(0, text.length - (query?.length ?? 0) - 1)}@${path} `;

  const onKeyDown = (event: KeyboardEvent, choose: (path: string) => void): boolean => {
    if (!open) return false;
    const chosen = matches[active];
    switch (event.key) {
      case 'ArrowDown':
        setActive((active + 1) % matches.length);
        break;
      case 'ArrowUp':
        setActive((active - 1 + matches.length) % matches.length);
        break;
      case 'Tab':
      case 'Enter':
        if (event.shiftKey || chosen === undefined) return false;
        choose(chosen);
        break;
      case 'Escape':
        setDismissed(query);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return { open, matches, active, setActive, complete, onKeyDown };
}
