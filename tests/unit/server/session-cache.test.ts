/**
 * The per-node session cache (server/auth/session-cache.ts) against an in-memory feed: a
 * repeated session is loaded once, a notification makes the next request load again, a load that
 * races a notification is not kept, and with the feed down every request loads.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandler } from '../../../server/db/change-feed.ts';
import { createSessionCache, SESSION_CHANNEL } from '../../../server/auth/session-cache.ts';

function fakeFeed() {
  const handlers = new Set<ChangeHandler>();
  let live = true;
  const feed: ChangeFeed = {
    subscribe(channel, handler) {
      expect(channel).toBe(SESSION_CHANNEL);
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    sync: async () => {},
    live: () => live,
    close: async () => {},
  };
  return {
    feed,
    send: (payload: string | null) => handlers.forEach((h) => h(payload)),
    setLive: (v: boolean) => (live = v),
    subscribers: () => handlers.size,
  };
}

function counter<T>(value: T) {
  let calls = 0;
  return { load: async () => ((calls += 1), value), calls: () => calls };
}

describe('session cache', () => {
  it('loads a session once and again after its user changes', async () => {
    const f = fakeFeed();
    const cache = createSessionCache<{ v: number }, never>(f.feed);
    const row = counter({ v: 1 });
    await cache.user('c1', 'u1', row.load);
    await cache.user('c1', 'u1', row.load);
    expect(row.calls()).toBe(1);
    f.send('user:c1:u2');
    await cache.user('c1', 'u1', row.load);
    expect(row.calls()).toBe(1);
    f.send('user:c1:u1');
    await cache.user('c1', 'u1', row.load);
    expect(row.calls()).toBe(2);
  });

  it('drops an API key by its id, and everything on a role change or a lost feed', async () => {
    const f = fakeFeed();
    let roleChanges = 0;
    const cache = createSessionCache<string, { id: string }>(f.feed, { onRoleChange: () => (roleChanges += 1) });
    const key = counter({ id: 'k1' });
    const user = counter('ana');
    const lookups = async () => {
      await cache.apiKey('hash1', key.load, (k) => k.id);
      await cache.user('c1', 'u1', user.load);
    };
    await lookups();
    await lookups();
    expect([key.calls(), user.calls()]).toEqual([1, 1]);
    f.send('api_key:k1');
    await lookups();
    expect([key.calls(), user.calls()]).toEqual([2, 1]);
    f.send('role:ADMIN');
    await lookups();
    expect([key.calls(), user.calls(), roleChanges]).toEqual([3, 2, 1]);
    f.send(null);
    await lookups();
    expect([key.calls(), user.calls()]).toEqual([4, 3]);
  });

  it('does not keep a row loaded while a change arrived', async () => {
    const f = fakeFeed();
    const cache = createSessionCache<string, never>(f.feed);
    let calls = 0;
    const racing = async () => {
      calls += 1;
      // The row was read before the revocation committed; its notification lands meanwhile.
      if (calls === 1) f.send('user:c1:u1');
      return calls === 1 ? 'old' : 'new';
    };
    expect(await cache.user('c1', 'u1', racing)).toBe('old');
    expect(await cache.user('c1', 'u1', racing)).toBe('new');
    expect(calls).toBe(2);
  });

  it('loads every time while the feed is not live, and stops listening when closed', async () => {
    const f = fakeFeed();
    const cache = createSessionCache<string, never>(f.feed);
    const row = counter('ana');
    f.setLive(false);
    await cache.user('c1', 'u1', row.load);
    await cache.user('c1', 'u1', row.load);
    expect(row.calls()).toBe(2);
    f.setLive(true);
    await cache.user('c1', 'u1', row.load);
    await cache.user('c1', 'u1', row.load);
    expect(row.calls()).toBe(3);
    expect(f.subscribers()).toBe(1);
    cache.close();
    expect(f.subscribers()).toBe(0);
  });
});
