import { useEffect, useState } from 'react';
import type { BrowseResult } from '../../../../schema/config.ts';
import { useHostStore } from '../../connection/useHost.ts';

export interface Browsing {
  /** The folder shown: the last one read (it stays while the next loads, or if it fails). */
  folder: BrowseResult | undefined;
  loading: boolean;
  error: string | undefined;
}

/**
 * The folders and YAML files of `dir` for the Open… dialog (`ConfigService.Browse(dir)`; `''`
 * is the current configuration's folder).
 */
export function useBrowse(dir: string): Browsing {
  const store = useHostStore();
  // The last answer, and the folder it answers for: `dir` loads until its own answer comes.
  const [answer, setAnswer] = useState<Omit<Browsing, 'loading'> & { dir: string }>();

  useEffect(() => {
    let live = true;
    store.call('ConfigService.Browse', dir).then(
      (folder) => live && setAnswer({ dir, folder, error: undefined }),
      (failure: unknown) =>
        live &&
        setAnswer((previous) => ({
          dir,
          folder: previous?.folder,
          error: failure instanceof Error ? failure.message : String(failure),
        })),
    );
    return () => {
      live = false;
    };
  }, [store, dir]);

  return { folder: answer?.folder, loading: answer?.dir !== dir, error: answer?.error };
}
