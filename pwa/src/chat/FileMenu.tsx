import { ComposerMenu, type ComposerMenuProps } from './ComposerMenu.tsx';

export interface FileMenuProps extends ComposerMenuProps<string> {
  paths: readonly string[];
}

/** The files that match `@…`, as a listbox like the slash commands'; the textarea keeps the focus. */
export function FileMenu({ paths, ...menu }: FileMenuProps) {
  return (
    <ComposerMenu
      {...menu}
      items={paths}
      keyOf={(path) => path}
      render={(path) => {
        const slash = path.lastIndexOf('/');
        return (
          <>
            <span className="chat-command-name">{path.slice(slash + 1)}</span>
            {slash > 0 && (
              <span className="chat-command-description">{path.slice(0, slash + 1)}</span>
            )}
          </>
        );
      }}
    />
  );
}
