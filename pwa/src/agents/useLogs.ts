import { useEffect, useState } from 'react';
import { useHost, useHostStore } from '../connection/useHost.ts';

/**
 * `agent`'s stderr lines: its last ones from the host, then each new one as it comes.
 * `lines` is `undefined` until they are loaded; `failure` says why they could not be.
 */
export function useLogs(agent: string): { lines: string[] | undefined; failure?: string } {
  const store = useHostStore();
  const lines = useHost((state) => state.logs[agent]);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let current = true;
    store.watchLogs(agent).then(
      () => {
        if (current) setFailure(undefined);
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [store, agent]);

  return { lines, failure };
}
