/** Integration tables (DESIGN.md §9): a company's API keys and its stored idempotent responses. */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, companies } from './company.ts';

/**
 * An API key of a company: acts with `role`'s permissions. Only the sha256 of the key is stored
 * (the key has 256 random bits, so a fast hash is as safe as scrypt and is checked per request).
 * Revoked keys stay (revoked_at set) so audit rows keep naming them.
 */
export const apiKeys = pgTable(
  'api_key',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    /** The key's first characters (`emk_` + 8), shown in lists to tell keys apart. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** The user who created it; no foreign key: the key outlives a deleted user. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute (a write per request would cost more than the request). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // The presented key is all a request carries: its hash finds the company, so this lookup index
    // cannot start with company_id (as auth_token_hash_idx for mailed tokens).
    index('api_key_hash_idx').on(t.keyHash),
  ],
);

/**
 * The first response to a POST carrying `Idempotency-Key`, per company and key, kept 24 h and
 * replayed for a retry. `status_code` null: the first request is still running (others wait).
 */
export const idempotencyKeys = pgTable(
  'idempotency_key',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of method, path and body: the same key with another request is refused (422). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: bytea('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** While running: after this instant the first request is presumed dead and a retry runs. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] }), index('idempotency_key_expires_idx').on(t.companyId, t.expiresAt)],
);
