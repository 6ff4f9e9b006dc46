import { useSyncExternalStore } from 'react';
import { useHostStore } from '../connection/useHost.ts';
import { meshStoreOf, type MeshState, type MeshStore } from './MeshStore.ts';

/** The app's `MeshStore` (one per `HostStore`). */
export function useMeshStore(): MeshStore {
  return meshStoreOf(useHostStore());
}

/**
 * A part of what the app knows of the mesh; the component renders again when it changes. The
 * store follows the host while at least one component reads it.
 */
export function useMesh<T>(select: (state: MeshState) => T): T {
  const store = useMeshStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
