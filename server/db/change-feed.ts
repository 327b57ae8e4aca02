/**
 * Cross-node change notifications for in-process caches (sessions, company screens, …): a writer
 * calls `publish(tx, channel, payload)` inside its own transaction, and every API node on the same
 * database — this one included — gets `payload` on `channel` once that transaction commits (never
 * when it rolls back). Built on PostgreSQL's LISTEN/NOTIFY: on PostgreSQL each app holds one
 * dedicated connection outside the pool that LISTENs; on PGlite (one process, one connection) the
 * client's own `listen` delivers it, during the COMMIT itself.
 *
 * What a subscriber must know:
 * - Delivery is at most once and in commit order, with no history: a node that was not listening
 *   (starting, or its connection lost) gets nothing for that time. So when the connection drops and
 *   again when it is back, every handler is called with `null`: "messages may have been missed,
 *   forget everything". While `live()` is false a cache should not trust what it holds.
 * - `sync()` is a barrier: when it resolves, every notification committed before the call has been
 *   handed to this node's handlers (PostgreSQL sends a listening session's pending notifications
 *   before it answers its next query). Used where one request must see another's effect at once.
 * - Payloads are strings of at most 7999 bytes (PostgreSQL's limit is 8000); channels are
 *   lower-case SQL identifiers (`^[a-z][a-z0-9_]{0,62}$`), one database-wide name space.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Where notifications come from: a PostgreSQL server (its own connection) or the embedded PGlite. */
export type NotificationSource = { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; client: PGlite };

/** `payload` as published, or `null`: the feed lost its connection or got it back (drop caches). */
export type ChangeHandler = (payload: string | null) => void;

export interface ChangeFeed {
  /**
   * Calls `handler` for every payload published on `channel` and committed from now on (after the
   * LISTEN is in place: `sync()` waits for it). Returns the function that stops it.
   * @throws Error on a channel name that is not a plain lower-case identifier.
   */
  subscribe(channel: string, handler: ChangeHandler): () => void;
  /** Resolves once every notification committed before the call has reached this node's handlers. */
  sync(): Promise<void>;
  /** Whether the feed is connected and listening: false while it reconnects (or once closed). */
  live(): boolean;
  /** Stops listening and closes the connection; handlers are not called after it. */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
const MAX_PAYLOAD_BYTES = 7999;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Canal de cambios no válido: "${channel}" (minúsculas, dígitos y _; empieza por letra)`);
}

/**
 * Announces a change on `channel` from inside the caller's transaction (or, given the pool, at once):
 * delivered to every node's subscribers when that transaction commits.
 * @param db a transaction (`tx`) or the database.
 * @throws Error on a bad channel name or a payload over 7999 bytes; the driver's error unchanged.
 * @example await db.transaction(async (tx) => { await tx.update(users)…; await publish(tx, 'session', userId); });
 */
export async function publish(db: Db, channel: string, payload: string): Promise<void> {
  checkChannel(channel);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`Aviso de cambio demasiado largo para el canal ${channel}`);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Handlers per channel, and the calls every feed makes on them. */
function handlerTable() {
  const byChannel = new Map<string, Set<ChangeHandler>>();
  return {
    byChannel,
    add(channel: string, handler: ChangeHandler): boolean {
      let set = byChannel.get(channel);
      const first = !set;
      if (!set) byChannel.set(channel, (set = new Set()));
      set.add(handler);
      return first;
    },
    /** Removes one; true when the channel has no handler left. */
    remove(channel: string, handler: ChangeHandler): boolean {
      const set = byChannel.get(channel);
      if (!set?.delete(handler)) return false;
      if (set.size) return false;
      byChannel.delete(channel);
      return true;
    },
    deliver(channel: string, payload: string | null): void {
      for (const handler of byChannel.get(channel) ?? []) {
        try {
          handler(payload);
        } catch (err) {
          // One subscriber's bug must not stop the others from dropping their caches.
          console.error(`Error en un suscriptor del canal ${channel}:`, err);
        }
      }
    },
    resetAll(): void {
      for (const channel of byChannel.keys()) this.deliver(channel, null);
    },
  };
}

/** `application_name` of the listening connections, to find them in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'emite-change-feed';

const quoteIdent = (channel: string) => `"${channel}"`;

/**
 * Opens the feed for one app (buildApp's deps.changeFeed; closed with the app).
 * @param source `Database.notifications` of server/db/client.ts.
 * @param opts.reconnectMs first delay before reconnecting a lost PostgreSQL connection (doubles up to 5 s).
 * @throws the driver's connection error when PostgreSQL cannot be reached at all on the first try.
 */
export async function openChangeFeed(source: NotificationSource, opts: { reconnectMs?: number } = {}): Promise<ChangeFeed> {
  return source.kind === 'pglite' ? pgliteFeed(source.client) : postgresFeed(source.connectionString, opts.reconnectMs ?? 100);
}

function pgliteFeed(client: PGlite): ChangeFeed {
  const handlers = handlerTable();
  const unlisten = new Map<string, Promise<() => Promise<void>>>();
  let closed = false;
  let pending: Promise<unknown> = Promise.resolve();
  return {
    subscribe(channel, handler) {
      checkChannel(channel);
      if (handlers.add(channel, handler)) {
        // PGlite queues its listeners' calls as microtasks while it reads COMMIT's answer, so they
        // run before the committing code goes on.
        const listening = client.listen(channel, (payload) => {
          if (!closed) handlers.deliver(channel, payload);
        });
        unlisten.set(channel, listening);
        pending = Promise.all([pending, listening]);
      }
      return () => {
        if (!handlers.remove(channel, handler)) return;
        const stop = unlisten.get(channel);
        unlisten.delete(channel);
        pending = Promise.all([pending, stop?.then((f) => f()).catch(() => undefined)]);
      };
    },
    async sync() {
      await pending;
    },
    live: () => !closed,
    async close() {
      closed = true;
      const stops = [...unlisten.values()];
      unlisten.clear();
      await Promise.all(stops.map((s) => s.then((f) => f()).catch(() => undefined)));
    },
  };
}

async function postgresFeed(connectionString: string, firstDelayMs: number): Promise<ChangeFeed> {
  const handlers = handlerTable();
  let client: pg.Client | null = null;
  let isLive = false;
  let closed = false;
  let delay = firstDelayMs;
  let retry: NodeJS.Timeout | undefined;
  // LISTEN/UNLISTEN/SELECT 1 queued on the one connection; sync() waits for the last of them.
  let pending: Promise<unknown> = Promise.resolve();

  const onLost = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    lost.removeAllListeners('notification');
    lost.end().catch(() => undefined);
    if (isLive) handlers.resetAll();
    isLive = false;
    if (closed) return;
    retry = setTimeout(() => void connect().catch(() => undefined), delay);
    delay = Math.min(delay * 2, 5000);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: CHANGE_FEED_APPLICATION });
    next.on('error', () => onLost(next));
    next.on('end', () => onLost(next));
    next.on('notification', (msg) => {
      if (!closed && client === next) handlers.deliver(msg.channel, msg.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      // Channels subscribed while these LISTENs run are picked up by the loop, not lost.
      const listening = new Set<string>();
      for (let todo = [...handlers.byChannel.keys()]; todo.length; todo = [...handlers.byChannel.keys()].filter((c) => !listening.has(c))) {
        for (const channel of todo) {
          await next.query(`LISTEN ${quoteIdent(channel)}`);
          listening.add(channel);
        }
      }
    } catch (err) {
      onLost(next);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    delay = firstDelayMs;
    isLive = true;
    // Whatever was committed while no one listened is unknown: caches start again.
    handlers.resetAll();
  };

  /** Runs `text` on the live connection after what is queued; nothing when there is none (a reconnect re-LISTENs). */
  const queue = (text: string) => {
    const on = client;
    const run = pending.then(() => (on && client === on && isLive ? on.query(text) : undefined)).catch(() => undefined);
    pending = run;
    return run;
  };

  try {
    await connect();
  } catch (err) {
    closed = true;
    clearTimeout(retry);
    throw err;
  }
  return {
    subscribe(channel, handler) {
      checkChannel(channel);
      if (handlers.add(channel, handler)) void queue(`LISTEN ${quoteIdent(channel)}`);
      return () => {
        if (handlers.remove(channel, handler)) void queue(`UNLISTEN ${quoteIdent(channel)}`);
      };
    },
    async sync() {
      await queue('SELECT 1');
    },
    live: () => isLive && !closed,
    async close() {
      closed = true;
      isLive = false;
      clearTimeout(retry);
      const last = client;
      client = null;
      if (last) await last.end().catch(() => undefined);
    },
  };
}
