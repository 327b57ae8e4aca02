/**
 * Webhooks (DESIGN.md §9): a company's endpoints, the log of every delivery attempt, and the
 * certificates already announced as expiring (so each is announced once, whichever node checks).
 * Deliveries themselves are rows of the job table (kind 'webhook_delivery').
 */
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, companies } from './company.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoint',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    url: text('url').notNull(),
    /** Event types delivered to this endpoint (webhook-events.ts WEBHOOK_EVENT_TYPES). */
    events: text('events').array().notNull(),
    /** The signing secret, AES-256-GCM with the app's key (secret-box.ts): it must be read back to sign. */
    secretEncrypted: bytea('secret_encrypted').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** One row per delivery attempt: what the receiver answered and when the next attempt is due. */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: varchar('event_id', { length: 40 }).notNull(),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    /** 1 for the first attempt of an event at this endpoint. */
    attempt: integer('attempt').notNull(),
    /** 'succeeded' (2xx) or 'failed' (other status, timeout, refused target). */
    status: varchar('status', { length: 16 }).notNull(),
    httpStatus: integer('http_status'),
    responseTimeMs: integer('response_time_ms').notNull(),
    error: text('error'),
    /** When the next attempt is due; null when this one succeeded or was the last. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('webhook_delivery_endpoint_at_idx').on(t.companyId, t.endpointId, t.at.desc().nullsFirst()),
    foreignKey({ columns: [t.companyId, t.endpointId], foreignColumns: [webhookEndpoints.companyId, webhookEndpoints.id] }).onDelete('cascade'),
  ],
);

/** Certificates announced by certificate.expiring: a row here means "already sent". */
export const webhookCertificateNotices = pgTable(
  'webhook_certificate_notice',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.serialNumber] })],
);
