/**
 * Comprobantes (every SRI document type: factura 01, notas 04/05, …), their audit trail, the
 * numbering sequences and the outbound job queue (DESIGN.md §5, §7).
 * Invariants live in the database: one secuencial per (company, estab, ptoEmi, codDoc), one
 * claveAcceso per company (SRI ficha técnica: the key identifies the document), and a status from
 * core/comprobante-status.ts (CHECK constraint).
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid, varchar, date } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';
import { COMPROBANTE_STATUSES } from '../../../core/comprobante-status.ts';
import type { Annulment } from '../../../core/annulment.ts';

export type SriMensajeRow = { identificador: string; mensaje: string; informacionAdicional?: string; tipo: string };

/**
 * One row per comprobante of any type: the columns every type shares (company, codDoc, number,
 * key, status, date, counterpart, totals, signed XML, SRI messages); what only one type has lives in
 * `relatedId` (the comprobante it modifies or supports: the factura of a nota) and `typeDetail`
 * (the type's own fields, e.g. the nota's motivo). Was `invoice` up to migration 0004.
 */
export const comprobantes = pgTable(
  'comprobante',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    establishmentId: uuid('establishment_id').notNull(),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    /** SRI tabla 3: 01 factura, 03 liquidación, 04 nota de crédito, 05 nota de débito, 06 guía, 07 retención. */
    codDoc: varchar('cod_doc', { length: 2 }).notNull().default('01'),
    /** The counterpart customer: the buyer of a factura or nota; null for a guía de remisión (its counterpart is the carrier, a record, and destinatarios in type_detail). */
    customerId: uuid('customer_id'),
    /** Denormalised buyer name for list search and sort without a join. */
    razonSocialComprador: text('razon_social_comprador').notNull(),
    identificacionComprador: varchar('identificacion_comprador', { length: 20 }).notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    detalles: jsonb('detalles').$type<Array<Record<string, unknown>>>().notNull(),
    pagos: jsonb('pagos').$type<Array<Record<string, unknown>>>().notNull().default([]),
    infoAdicional: jsonb('info_adicional').$type<Array<{ nombre: string; valor: string }>>().notNull().default([]),
    totalSinImpuestos: numeric('total_sin_impuestos', { precision: 14, scale: 2 }).notNull(),
    totalDescuento: numeric('total_descuento', { precision: 14, scale: 2 }).notNull(),
    totalConImpuestos: jsonb('total_con_impuestos').$type<Array<Record<string, string>>>().notNull(),
    totalIva: numeric('total_iva', { precision: 14, scale: 2 }).notNull(),
    propina: numeric('propina', { precision: 14, scale: 2 }).notNull().default('0'),
    importeTotal: numeric('importe_total', { precision: 14, scale: 2 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('BORRADOR'),
    secuencial: integer('secuencial'),
    claveAcceso: varchar('clave_acceso', { length: 49 }),
    ambiente: varchar('ambiente', { length: 1 }),
    numeroAutorizacion: varchar('numero_autorizacion', { length: 49 }),
    fechaAutorizacion: timestamp('fecha_autorizacion', { withTimezone: true }),
    mensajes: jsonb('mensajes').$type<SriMensajeRow[]>().notNull().default([]),
    signedXml: text('signed_xml'),
    /**
     * Sends to the SRI reception service attempted so far, counted (and committed) before each call:
     * when it is above 0 the answer of an earlier send may have been lost, so the worker asks
     * authorisation before sending again (SRI.md "Handling": never send the same key twice blindly).
     */
    sriSendAttempts: integer('sri_send_attempts').notNull().default(0),
    authorizationXml: text('authorization_xml'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The comprobante this one modifies or supports (a nota's factura), same company. */
    relatedId: uuid('related_id'),
    /** Per-type fields the common columns do not hold (the type folder's own model). */
    typeDetail: jsonb('type_detail').$type<Record<string, unknown>>().notNull().default({}),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The anulación request and what the SRI's consultation service said of it (core/annulment.ts,
     * DESIGN.md §10); null when none was ever made. ANULADA in `status` is the outcome.
     */
    annulment: jsonb('annulment').$type<Annulment>(),
    /**
     * When the comprobante was found not yet AUTORIZADA at 20:00 America/Guayaquil of its emission
     * day (same-day authorisation, SRI.md "Transmission deadline") and its ADMINs were told: once.
     */
    delayedAt: timestamp('delayed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Receivables and payables (DESIGN.md §12, core/receivables.ts). The three amounts are kept by
    // triggers in the same transaction as what changes them (a payment, a nota de crédito or a
    // retención becoming or ceasing to be authorised: migration "receivables"); saldo, the state and
    // the due date are generated from them, so a list filters and sorts on indexed columns.
    /** Payments recorded on it (table payment), USD. */
    amountPaid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Authorised notas de crédito on it (a factura), USD. */
    amountCredited: numeric('credited', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Retenciones on it: received from the buyer (a factura) or issued to the seller (a liquidación), USD. */
    amountWithheld: numeric('withheld', { precision: 14, scale: 2 }).notNull().default('0'),
    /** importeTotal − credited − withheld − paid, never below 0. */
    saldo: numeric('saldo', { precision: 14, scale: 2 }).generatedAlwaysAs(sql`greatest(importe_total - credited - withheld - paid, 0)`),
    /**
     * PENDIENTE | PARCIAL | PAGADA for a document in the books (an AUTORIZADA factura, nota de débito
     * or liquidación de compra), null otherwise; VENCIDA is this plus the calendar (due_date < today).
     */
    paymentState: varchar('payment_state', { length: 9 }).generatedAlwaysAs(
      sql`CASE WHEN cod_doc NOT IN ('01', '03', '05') OR status <> 'AUTORIZADA' THEN NULL WHEN importe_total - credited - withheld - paid <= 0 THEN 'PAGADA' WHEN paid + withheld > 0 THEN 'PARCIAL' ELSE 'PENDIENTE' END`,
    ),
    /** fechaEmision + the longest plazo of its pagos (receivable_due_date, core/receivables.ts dueDateOf). */
    dueDate: date('due_date', { mode: 'string' }).generatedAlwaysAs(sql`receivable_due_date(fecha_emision, pagos)`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('comprobante_status_check', sql.raw(`status in (${COMPROBANTE_STATUSES.map((st) => `'${st}'`).join(', ')})`)),
    unique('comprobante_company_numero').on(t.companyId, t.estab, t.ptoEmi, t.codDoc, t.secuencial),
    unique('comprobante_company_clave').on(t.companyId, t.claveAcceso),
    // Index order = the queries' ORDER BY, NULLS FIRST being what a plain DESC means (drizzle's
    // .desc() alone writes NULLS LAST, which no plain `order by … desc` can read in order).
    // The list's default order: newest date, then newest created, then id (list-comprobantes.ts).
    index('comprobante_company_fecha_created_idx').on(t.companyId, t.fechaEmision.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
    // Dashboard and status filters; the trailing columns let its sums be index-only scans.
    index('comprobante_company_status_fecha_idx').on(t.companyId, t.status, t.fechaEmision.desc().nullsFirst(), t.importeTotal, t.totalIva, t.customerId),
    index('comprobante_company_customer_idx').on(t.companyId, t.customerId),
    // Search by buyer (ILIKE on name or identification) reads only this index, not the rows (a
    // company of 100,000 invoices: 250 -> 100 ms), and it serves the sort by buyer.
    index('comprobante_company_buyer_idx').on(t.companyId, t.razonSocialComprador, t.identificacionComprador),
    index('comprobante_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The notas of a factura (sum of what was credited, the factura's page).
    index('comprobante_company_related_idx').on(t.companyId, t.relatedId),
    // What is still owed, by due date: the VENCIDA / PENDIENTE / PARCIAL filters and the due-date
    // sort of the lists, the aging reports and the dashboard's sums read only this (small) index.
    index('comprobante_company_open_due_idx')
      .on(t.companyId, t.codDoc, t.dueDate, t.customerId, t.saldo)
      .where(sql`payment_state IN ('PENDIENTE', 'PARCIAL')`),
    // The sort by payment status (list-comprobantes.ts): each status segment's first rows in the
    // default order, index-only (due_date decides VENCIDA), instead of ranking all of a company's rows.
    index('comprobante_company_payment_order_idx').on(t.companyId, t.codDoc, t.paymentState, t.fechaEmision.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id, t.dueDate),
    // …and the rows not in the books (drafts, rejected, annulled, other types): PostgreSQL does not
    // read `payment_state IS NULL` as an equality that keeps the index order, so they get their own.
    index('comprobante_company_unbooked_order_idx')
      .on(t.companyId, t.codDoc, t.fechaEmision.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`payment_state IS NULL`),
    // The same-day authorisation sweep (domain/comprobantes/announce-delayed.ts): the few comprobantes still
    // waiting for the SRI and not yet announced, across companies.
    // Open anulación requests (DESIGN.md §10): the dashboard's "Anulaciones pendientes" and the
    // periodic check (domain/comprobantes/annulment/start-annulment-check.ts) read only these few rows.
    index('comprobante_open_annulment_idx')
      .on(t.companyId, t.fechaEmision)
      .where(sql`status = 'AUTORIZADA' and annulment->>'state' in ('SOLICITADA', 'PENDIENTE_ANULAR')`),
    index('comprobante_waiting_undelayed_idx')
      .on(t.companyId, t.fechaEmision)
      .where(sql`status in ('FIRMADA', 'RECIBIDA', 'EN_PROCESO') and delayed_at is null`),
  ],
);

/** Audit row for every state change of a comprobante (who, when, from, to, SRI messages). */
export const comprobanteEvents = pgTable(
  'comprobante_event',
  {
    companyId: uuid('company_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    comprobanteId: uuid('comprobante_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    /** Set when the change was made with an API key (api_key.id); user_id is then null. */
    apiKeyId: uuid('api_key_id'),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    mensajes: jsonb('mensajes').$type<SriMensajeRow[]>().notNull().default([]),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('comprobante_event_comprobante_idx').on(t.companyId, t.comprobanteId, t.at),
    foreignKey({ columns: [t.companyId, t.comprobanteId], foreignColumns: [comprobantes.companyId, comprobantes.id] }).onDelete('cascade'),
  ],
);

/** Next secuencial per (company, estab, ptoEmi, codDoc); row locked FOR UPDATE while issuing. */
export const sequences = pgTable(
  'secuencial_sequence',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    codDoc: varchar('cod_doc', { length: 2 }).notNull(),
    nextValue: integer('next_value').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.estab, t.ptoEmi, t.codDoc] })],
);

/**
 * Outbound work (SRI send, SRI poll, mail) written in the same transaction as the state change and
 * claimed with FOR UPDATE SKIP LOCKED by any API node's worker.
 */
export const jobs = pgTable(
  'job',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: varchar('kind', { length: 32 }).notNull(),
    comprobanteId: uuid('comprobante_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('job_due_idx').on(t.status, t.runAt)],
);

/**
 * A batch issue (DESIGN.md §14, issue 30): the drafts of one type asked to be issued together, in
 * the order given. Each item's status is its comprobante's; what the batch keeps is the order and
 * why a draft could not be signed (`failures`, by id: it stays a draft). Its progress (lotes sent
 * and answered) is the payload of its `sri_batch` job, so a restart resumes it.
 */
export const comprobanteBatches = pgTable(
  'comprobante_batch',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    codDoc: varchar('cod_doc', { length: 2 }).notNull(),
    /** The drafts' ids in the order asked. */
    ids: jsonb('ids').$type<string[]>().notNull(),
    /** Drafts that could not be signed, by id: the SRI-style messages saying why. */
    failures: jsonb('failures').$type<Record<string, SriMensajeRow[]>>().notNull().default({}),
    createdBy: uuid('created_by'),
    apiKeyId: uuid('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its job finished (every item signed or failed, every lote answered or handed to single sends). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
