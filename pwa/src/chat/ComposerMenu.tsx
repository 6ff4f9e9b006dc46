import { useEffect, useRef, type ReactNode } from 'react';

/** What the composer's menus share: the menu's id and name, the highlighted option, the choice. */
export interface ComposerMenuProps<T> {
  id: string;
  label: string;
  active: number;
  onHighlight: (index: number) => void;
  onChoose: (item: T) => void;
}

/** The id of the option at `index` in the menu `id`, for `aria-activedescendant`. */
export const commandOptionId = (id: string, index: number) => `${id}-option-${index}`;

/**
 * A listbox under the composer (slash commands, files): the textarea keeps the focus and drives
 * it, the highlighted option stays in view, the pointer highlights and chooses.
 */
export function ComposerMenu<T>({
  id,
  label,
  items,
  keyOf,
  render,
  active,
  onHighlight,
  onChoose,
}: ComposerMenuProps<T> & {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The option's content. */
  render: (item: T) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <ul ref={list} id={id} role="listbox" aria-label={label} className="chat-commands">
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          id={commandOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          className="chat-command"
          // Keep the focus in the textarea.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => {
            if (index !== active) onHighlight(index);
          }}
          onClick={() => onChoose(item)}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
