import { createContext, useContext, useSyncExternalStore } from 'react';
import type { HostState, HostStore } from './HostStore.ts';

export const HostContext = createContext<HostStore | undefined>(undefined);

/** The app's `HostStore` (given by `<HostContext.Provider>`). */
export function useHostStore(): HostStore {
  const store = useContext(HostContext);
  if (!store) throw new Error('useHostStore needs a <HostContext.Provider>');
  return store;
}

/** A part of the host's state; the component renders again when it changes. */
export function useHost<T>(select: (state: HostState) => T): T {
  const store = useHostStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
