import { useState, type KeyboardEvent } from 'react';

export interface CompletionMenu<T> {
  /** The menu is shown. */
  open: boolean;
  /** The highlighted match. */
  active: number;
  setActive: (index: number) => void;
  /** Handles the menu's keys (arrows, Tab/Enter, Escape); true when the key was the menu's. */
  onKeyDown: (event: KeyboardEvent, choose: (match: T) => void) => boolean;
}

/**
 * A listbox of `matches` for what was typed (`query`, `undefined` when nothing is being
 * completed), driven from the textarea: ↑/↓ move, Tab or Enter chooses, Escape closes. The slash
 * commands' and the `@` files' menus.
 */
export function useCompletionMenu<T>(
  query: string | undefined,
  matches: readonly T[],
): CompletionMenu<T> {
  // The highlight and the dismissal belong to one query: typing on resets them.
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const [dismissed, setDismissed] = useState<string>();
  const open = matches.length > 0 && dismissed !== query;
  const active = highlight.query === query ? Math.min(highlight.index, matches.length - 1) : 0;
  const setActive = (index: number) => setHighlight({ query: query ?? '', index });

  const onKeyDown = (event: KeyboardEvent, choose: (match: T) => void): boolean => {
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

  return { open, active, setActive, onKeyDown };
}
