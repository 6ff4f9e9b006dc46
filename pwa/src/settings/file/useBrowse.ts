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
  const [state, setState] = useState<Browsing>({
    folder: undefined,
    loading: true,
    error: undefined,
  });

  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    store.call('ConfigService.Browse', dir).then(
      (folder) => live && setState({ folder, loading: false, error: undefined }),
      (failure: unknown) =>
        live &&
        setState((previous) => ({
          ...previous,
          loading: false,
          error: failure instanceof Error ? failure.message : String(failure),
        })),
    );
    return () => {
      live = false;
    };
  }, [store, dir]);

  return state;
}
