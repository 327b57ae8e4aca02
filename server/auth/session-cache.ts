/**
 * What the auth plugin checks on every API call — the session's user (active, token version, role,
 * emission scope) or the presented API key (live, role) — kept per node, so a request makes one
 * database round trip (its own) instead of two. Entries are dropped when the database says they
 * changed: migration 0015's triggers notify channel `session_change` ('user:<company>:<id>',
 * 'api_key:<id>', 'role:<code>') on commit, whoever writes, and server/db/change-feed.ts hands that
 * to every node. While the feed is not live (its connection lost) the cache is bypassed and emptied.
 *
 * A fill that started before an invalidation is not stored (one generation counter), so a request
 * racing a revocation cannot put the old row back.
 */
import type { ChangeFeed } from '../db/change-feed.ts';

export const SESSION_CHANNEL = 'session_change';

/** At most this many users and this many keys are kept per node (oldest dropped first). */
const MAX_ENTRIES = 10_000;

export interface SessionCache<U, K> {
  /**
   * The session's user row: from the cache, else `load()` (stored when the feed is live).
   * @returns what `load` returned (undefined: no such user; not cached).
   */
  user(companyId: string, id: string, load: () => Promise<U | undefined>): Promise<U | undefined>;
  /** The live API key with this hash (sha256 hex): from the cache, else `load()`; `idOf` names it for invalidation. */
  apiKey(hash: string, load: () => Promise<K | undefined>, idOf: (key: K) => string): Promise<K | undefined>;
  /** Stops listening (the app closes). */
  close(): void;
}

/**
 * @param opts.onRoleChange called when a role's permissions change (the role cache drops its copy).
 * @example const cache = createSessionCache<SessionUser, LiveKey>(deps.changeFeed); await cache.user(cid, sub, () => findSessionUser(db, {companyId: cid, id: sub}));
 */
export function createSessionCache<U, K>(feed: ChangeFeed, opts: { onRoleChange?: () => void } = {}): SessionCache<U, K> {
  const users = new Map<string, U>();
  const keys = new Map<string, K>();
  const keyHashById = new Map<string, string>();
  let generation = 0;

  const clear = () => {
    users.clear();
    keys.clear();
    keyHashById.clear();
  };
  const unsubscribe = feed.subscribe(SESSION_CHANNEL, (payload) => {
    generation += 1;
    if (payload === null) return clear();
    const [kind, a, b] = payload.split(':');
    if (kind === 'user') users.delete(`${a}:${b}`);
    else if (kind === 'api_key') {
      const hash = keyHashById.get(a);
      keyHashById.delete(a);
      if (hash) keys.delete(hash);
    } else if (kind === 'role') {
      // Users and keys carry their role's permissions: a role change is rare, start again.
      clear();
      opts.onRoleChange?.();
    }
  });

  function put<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  return {
    async user(companyId, id, load) {
      const key = `${companyId}:${id}`;
      if (!feed.live()) {
        clear();
        return load();
      }
      const hit = users.get(key);
      if (hit !== undefined) return hit;
      const startedAt = generation;
      const row = await load();
      if (row !== undefined && startedAt === generation && feed.live()) put(users, key, row);
      return row;
    },
    async apiKey(hash, load, idOf) {
      if (!feed.live()) {
        clear();
        return load();
      }
      const hit = keys.get(hash);
      if (hit !== undefined) return hit;
      const startedAt = generation;
      const row = await load();
      if (row !== undefined && startedAt === generation && feed.live()) {
        put(keys, hash, row);
        put(keyHashById, idOf(row), hash);
      }
      return row;
    },
    close: unsubscribe,
  };
}
