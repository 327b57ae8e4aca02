/** Users (tenant rows) and their single-use activation / reset tokens. */
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, companies } from './company.ts';

export const users = pgTable(
  'app_user',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    active: boolean('active').notNull().default(false),
    /** Platform staff may change reference data (catalogs). Granted by `npm run staff`. */
    isStaff: boolean('is_staff').notNull().default(false),
    /**
     * Bumped when the password, e-mail, role or status changes: session tokens carrying an older
     * value are refused (server/plugins/auth.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Establishments / emission points the user may issue from and see (SRI codes; no ptoEmi = every
     * point of that establishment). Empty = all. Rule: server/domain/users/emission-scope.ts.
     */
    emissionPoints: jsonb('emission_points').$type<Array<{ estab: string; ptoEmi?: string }>>().notNull().default([]),
    /**
     * TOTP second factor (RFC 6238; server/domain/account-security/). The secret is sealed with
     * the secret box (DATA_DIR/secret.key) like certificates; `mfaPendingSecret` holds the one shown
     * by setup until a code confirms it. Enabled when `mfaEnabledAt` is set.
     */
    mfaSecret: bytea('mfa_secret'),
    mfaPendingSecret: bytea('mfa_pending_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last 30-second time step whose code was accepted: the same code is never taken twice. */
    mfaLastStep: integer('mfa_last_step'),
    /** Wrong codes in a row; at 10 the second factor is locked until `mfaLockedUntil`. */
    mfaFailures: integer('mfa_failures').notNull().default(0),
    mfaLockedUntil: timestamp('mfa_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('app_user_company_email').on(t.companyId, t.email),
    index('app_user_email_idx').on(t.email),
  ],
);

export const authTokens = pgTable(
  'auth_token',
  {
    companyId: uuid('company_id').notNull(),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: uuid('user_id').notNull(),
    /** 'activation' | 'reset' | 'email_change'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** For 'email_change': the address that becomes the user's once the link is used. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.tokenHash] }),
    index('auth_token_hash_idx').on(t.tokenHash),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

