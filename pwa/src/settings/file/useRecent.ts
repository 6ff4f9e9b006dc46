import { useEffect, useState } from 'react';
import { useHostStore } from '../../connection/useHost.ts';

/**
 * The configuration files opened from the app, most recent first (`ConfigService.Recent()`),
 * read again when `path` (the file in use) changes, since opening one moves it to the top.
 */
export function useRecent(path: string | undefined): string[] | undefined {
  const store = useHostStore();
  const [recent, setRecent] = useState<string[]>();
  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    store.call('ConfigService.Recent').then(
      (files) => live && setRecent(files),
      () => live && setRecent([]),
    );
    return () => {
      live = false;
    };
  }, [store, path]);
  return recent;
}
