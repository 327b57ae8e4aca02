/**
 * Payments (DESIGN.md §12): money received on a factura or nota de débito we issued (receivables),
 * or paid on a received factura or our own liquidación de compra (payables), and the audit trail of
 * every payment recorded or deleted. A payment belongs to exactly one document: a comprobante of
 * ours or a received document (CHECK). The documents' `paid` columns follow these rows through
 * statement triggers (migration "receivables"), in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';
import { comprobantes } from './invoicing.ts';
import { receivedDocuments } from './purchases.ts';

export const payments = pgTable(
  'payment',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** Our factura (01), nota de débito (05) or liquidación de compra (03). */
    comprobanteId: uuid('comprobante_id'),
    /** A received factura or nota de débito. */
    receivedDocumentId: uuid('received_document_id'),
    /** The day the money moved, 'YYYY-MM-DD'. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** SRI tabla 24 (catalog forma_pago). */
    formaPago: varchar('forma_pago', { length: 2 }).notNull(),
    /** USD, more than 0. */
    valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
    /** The bank's reference, a cheque number, a receipt… */
    referencia: text('referencia'),
    /** Who recorded it: a user, or an API key (then user is null). */
    createdBy: uuid('created_by'),
    apiKeyId: uuid('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('payment_one_document', sql`num_nonnulls(comprobante_id, received_document_id) = 1`),
    check('payment_valor_positive', sql`valor > 0`),
    foreignKey({ columns: [t.companyId, t.comprobanteId], foreignColumns: [comprobantes.companyId, comprobantes.id] }),
    foreignKey({ columns: [t.companyId, t.receivedDocumentId], foreignColumns: [receivedDocuments.companyId, receivedDocuments.id] }),
    index('payment_company_comprobante_idx').on(t.companyId, t.comprobanteId),
    index('payment_company_received_idx').on(t.companyId, t.receivedDocumentId),
    index('payment_company_fecha_idx').on(t.companyId, t.fecha.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** One row per payment recorded or deleted: who, when, and what the payment was. Never updated. */
export const paymentEvents = pgTable(
  'payment_event',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').notNull(),
    /** RECORDED | DELETED. */
    action: varchar('action', { length: 8 }).notNull(),
    comprobanteId: uuid('comprobante_id'),
    receivedDocumentId: uuid('received_document_id'),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    formaPago: varchar('forma_pago', { length: 2 }).notNull(),
    valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
    referencia: text('referencia'),
    userId: uuid('user_id'),
    apiKeyId: uuid('api_key_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('payment_event_action', sql`action IN ('RECORDED', 'DELETED')`),
    index('payment_event_company_payment_idx').on(t.companyId, t.paymentId),
    index('payment_event_company_comprobante_idx').on(t.companyId, t.comprobanteId, t.at),
    index('payment_event_company_received_idx').on(t.companyId, t.receivedDocumentId, t.at),
  ],
);
