import { useEffect, useRef } from 'react';
import { commandOptionId } from './CommandMenu.tsx';

export interface FileMenuProps {
  id: string;
  label: string;
  paths: readonly string[];
  active: number;
  onHighlight: (index: number) => void;
  onChoose: (path: string) => void;
}

/** The files that match `@…`, as a listbox like the slash commands'; the textarea keeps the focus. */
export function FileMenu({ id, label, paths, active, onHighlight, onChoose }: FileMenuProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <ul ref={list} id={id} role="listbox" aria-label={label} className="chat-commands">
      {paths.map((path, index) => {
        const slash = path.lastIndexOf('/');
        return (
          <li
            key={path}
            id={commandOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            className="chat-command"
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (index !== active) onHighlight(index);
            }}
            onClick={() => onChoose(path)}
          >
            <span className="chat-command-name">{path.slice(slash + 1)}</span>
            {slash > 0 && (
              <span className="chat-command-description">{path.slice(0, slash + 1)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
