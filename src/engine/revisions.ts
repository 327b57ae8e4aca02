/**
 * Which cached answers are stale: a revision per API path, bumped by `invalidate(apiPath)` and part
 * of the cache keys of the hooks that read that path (lists, records, useApiData, the schemas and
 * the menu), so the next render fetches again. Kept apart from resources.ts so the schema registry
 * and the menu can use it too.
 */
import { useSyncExternalStore } from 'react';

/**
 * Bumped by invalidate(): part of every key, so a list shown after a save never reuses a deduped
 * pre-save answer. A store the hooks subscribe to: a bump re-renders every mounted useList/useRecord
 * of that path with its new key, which fetches. (swr's global `mutate` cannot do this: the app keeps
 * its cache in SWRConfig's per-user `provider`, which the global `mutate` never sees.)
 */
const revisions = new Map<string, number>();
const revisionListeners = new Set<() => void>();
export const revisionOf = (apiPath: string) => revisions.get(apiPath) ?? 0;
const subscribeRevisions = (listener: () => void) => {
  revisionListeners.add(listener);
  return () => void revisionListeners.delete(listener);
};
/** Re-render the caller when `apiPath` is invalidated; answers the path's revision (part of a cache key). */
export const useRevision = (apiPath: string) => useSyncExternalStore(subscribeRevisions, () => revisionOf(apiPath));

/**
 * Drop every cached page and record under an API path: lists and records on screen refetch now
 * (keeping their rows shown meanwhile), any other screen when it next shows them. Callable outside
 * React (after a save, a delete, an import). Resolves at once; the refetch is not awaited.
 */
export async function invalidate(apiPath: string): Promise<void> {
  revisions.set(apiPath, revisionOf(apiPath) + 1);
  for (const listener of [...revisionListeners]) listener();
}
