import { useSelector } from '@xstate/react';
import type { ConnectionState } from './HostStore.ts';
import { useHostStore } from './useHost.ts';

/** The state of the app's connection statechart (`machines/connectionMachine.ts`), live. */
export function useConnection(): ConnectionState {
  const store = useHostStore();
  return useSelector(store.connection.actor, (snapshot) => snapshot.value);
}
