/**
 * A user's second-factor recovery codes and the audit trail of account security events
 * (DESIGN.md §15). Tenant tables: keys start with company_id.
 */
import { foreignKey, index, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Ten single-use codes per enrolment; only a hash is kept (server/domain/auth/recovery-codes.ts). */
export const recoveryCodes = pgTable(
  'user_recovery_code',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** sha256 hex of the user id and the normalised code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.codeHash] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Who did what to an account's security: `mfa_enabled`, `mfa_disabled`, `mfa_reset` (by an admin:
 * `actorId` is the admin), `mfa_locked` (10 wrong codes), `recovery_code_used`.
 */
export const securityEvents = pgTable(
  'user_security_event',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** The user who acted; null when it was the system (a lock). */
    actorId: uuid('actor_id'),
    kind: varchar('kind', { length: 32 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('user_security_event_user_idx').on(t.companyId, t.userId, t.at),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
