import { useCallback, useState } from 'react';
import type { RpcMethod, RpcParams } from '../../../schema/rpc.ts';
import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { errorText } from './errorText.ts';

export interface HostAction {
  /** Calls `method`; resolves `true` when it succeeded, `false` when it failed (see `error`). */
  run: <M extends RpcMethod>(method: M, ...params: RpcParams<M>) => Promise<boolean>;
  pending: boolean;
  /** The last failure's sentence, until the next call. */
  error: string | undefined;
}

/** A call to the host that a control makes, with its pending state and its error to show. */
export function useHostAction(): HostAction {
  const store = useHostStore();
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async <M extends RpcMethod>(method: M, ...params: RpcParams<M>) => {
      setPending(true);
      setError(undefined);
      try {
        await store.call(method, ...params);
        return true;
      } catch (failure) {
        setError(errorText(t, failure));
        return false;
      } finally {
        setPending(false);
      }
    },
    [store, t],
  );
  return { run, pending, error };
}
