import { useSyncExternalStore } from 'react';

/**
 * The media library's generation: a number that goes up with every change to the library (an upload, a
 * move, a delete, a folder change, another tab's change over the realtime channel). Every media list's SWR
 * key carries it, so a change makes every list stale at once, each folder, search and sort, not only the
 * one on screen: opening All Media after an upload into a folder reads it again instead of showing the
 * pages cached before the upload.
 */
let generation = 0;
const listeners = new Set<() => void>();

export function bumpLibraryGeneration(): void {
  generation += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLibraryGeneration(): number {
  return useSyncExternalStore(
    subscribe,
    () => generation,
    () => generation,
  );
}
