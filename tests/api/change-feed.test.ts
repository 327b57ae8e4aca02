/**
 * The cross-node change feed (server/db/change-feed.ts) on two API nodes over one database: what a
 * transaction publishes reaches both nodes' subscribers when it commits, never before and never
 * when it rolls back; an unsubscribed handler hears nothing; a lost PostgreSQL connection tells the
 * subscribers to drop their caches and comes back listening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbKind, type TestApp } from '../helpers/test-app.ts';
import { CHANGE_FEED_APPLICATION, publish } from '../../server/db/change-feed.ts';

let t: TestApp;
let nodeB: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  nodeB = await t.addNode();
});
afterAll(async () => t?.close());

/** Everything a node's subscriber hears on `channel`, and the function that stops it. */
function listen(node: FastifyInstance, channel: string) {
  const heard: Array<string | null> = [];
  const stop = node.changeFeed.subscribe(channel, (payload) => heard.push(payload));
  return { heard, stop };
}

const syncBoth = () => Promise.all([t.app.changeFeed.sync(), nodeB.changeFeed.sync()]);

describe('change feed on two nodes', () => {
  it('delivers a committed change to every node, after the commit only', async () => {
    const onA = listen(t.app, 'test_committed');
    const onB = listen(nodeB, 'test_committed');
    await syncBoth();
    await t.database.db.transaction(async (tx) => {
      await publish(tx, 'test_committed', 'company-1');
      await publish(tx, 'test_committed', 'company-2');
      await syncBoth();
      expect(onB.heard).toEqual([]);
    });
    await syncBoth();
    expect(onA.heard).toEqual(['company-1', 'company-2']);
    expect(onB.heard).toEqual(['company-1', 'company-2']);
    onA.stop();
    onB.stop();
  });

  it('delivers nothing from a transaction that rolls back, nor on another channel', async () => {
    const onB = listen(nodeB, 'test_rollback');
    await syncBoth();
    await expect(
      t.database.db.transaction(async (tx) => {
        await publish(tx, 'test_rollback', 'never');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await publish(t.database.db, 'test_other_channel', 'elsewhere');
    await syncBoth();
    expect(onB.heard).toEqual([]);
    onB.stop();
  });

  it('stops calling a handler once it unsubscribes, and keeps calling the others', async () => {
    const kept = listen(nodeB, 'test_unsubscribe');
    const dropped = listen(nodeB, 'test_unsubscribe');
    await syncBoth();
    await publish(t.database.db, 'test_unsubscribe', 'first');
    await syncBoth();
    dropped.stop();
    await publish(t.database.db, 'test_unsubscribe', 'second');
    await syncBoth();
    expect(kept.heard).toEqual(['first', 'second']);
    expect(dropped.heard).toEqual(['first']);
    kept.stop();
  });

  it('refuses a channel that is not a plain identifier and a payload over the limit', async () => {
    expect(() => nodeB.changeFeed.subscribe('Bad-Channel; drop', () => {})).toThrow(/Canal de cambios no válido/);
    await expect(publish(t.database.db, 'test_big', 'x'.repeat(8000))).rejects.toThrow(/demasiado largo/);
  });

  it.runIf(dbKind === 'postgres')('after its PostgreSQL connection is cut, tells subscribers to drop caches and listens again', async () => {
    const onB = listen(nodeB, 'test_reconnect');
    await syncBoth();
    let resets = 0;
    const reconnected = new Promise<void>((resolve) => {
      const stop = nodeB.changeFeed.subscribe('test_reconnect', (payload) => {
        if (payload !== null) return;
        resets += 1;
        // The loss and the reconnection each say "drop everything".
        if (resets === 2) {
          stop();
          resolve();
        }
      });
    });
    await syncBoth();
    // Every listening session of this database is cut (node A's and node B's).
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${CHANGE_FEED_APPLICATION}`);
    await reconnected;
    expect(nodeB.changeFeed.live()).toBe(true);
    await publish(t.database.db, 'test_reconnect', 'after');
    await syncBoth();
    expect(onB.heard).toEqual([null, null, 'after']);
    onB.stop();
  });
});
