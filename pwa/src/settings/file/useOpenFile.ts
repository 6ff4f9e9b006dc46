import { useCallback, useState } from 'react';
import { useHostStore } from '../../connection/useHost.ts';

export interface OpenFile {
  opening: boolean;
  /** Why the last file tried was not opened. */
  error: { path: string; message: string } | undefined;
  /** `ConfigService.Open(path)`: resolves `true` once the host uses the file. */
  open: (path: string) => Promise<boolean>;
}

/**
 * Opens a configuration file: the host stops every agent, forgets the conversations, loads and
 * watches the file. A refusal (an invalid file, one that is gone) comes back as `error`.
 */
export function useOpenFile(): OpenFile {
  const store = useHostStore();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<OpenFile['error']>();
  const open = useCallback(
    async (path: string) => {
      setOpening(true);
      setError(undefined);
      try {
        await store.call('ConfigService.Open', path);
        return true;
      } catch (failure) {
        setError({ path, message: failure instanceof Error ? failure.message : String(failure) });
        return false;
      } finally {
        setOpening(false);
      }
    },
    [store],
  );
  return { opening, error, open };
}
