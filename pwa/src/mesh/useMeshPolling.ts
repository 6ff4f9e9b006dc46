import { useEffect } from 'react';
import { useMeshStore } from './useMesh.ts';

/**
 * Loads the mesh now, then every `everyMs` while the component is mounted: an agent that checks
 * in or expires on another machine sends no event.
 */
export function useMeshPolling(everyMs: number): void {
  const store = useMeshStore();
  useEffect(() => {
    void store.refresh();
    const timer = setInterval(() => void store.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [store, everyMs]);
}
