import { useEffect, useState } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { appActors } from '../connection/HostStore.ts';
import { useHost, useHostStore } from '../connection/useHost.ts';

const none: readonly InspectionRecord[] = [];

/**
 * The inspection records of an agent (or of the app's own actors, `@app`), oldest first. An
 * agent is watched while the component is mounted: the host sends its records only then.
 */
export function useInspection(target: string): {
  records: readonly InspectionRecord[];
  error: string | undefined;
} {
  const store = useHostStore();
  const records = useHost((state) => state.inspection[target]) ?? none;
  const [error, setError] = useState<string>();
  useEffect(() => {
    // The app's own actors are recorded in the page all along.
    if (target === appActors) return;
    store.watchInspector(target).then(
      () => setError(undefined),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      store.unwatchInspector(target).catch(() => {
        // Gone with the connection: the host forgets the watcher with its socket.
      });
    };
  }, [store, target]);
  return { records, error };
}
