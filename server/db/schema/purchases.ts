/**
 * The purchase side (DESIGN.md §8): comprobantes this company received from its suppliers (or, for a
 * retención, from its customers), entered by access key, XML upload or the SRI portal's TXT listing.
 * Each is stored with the authorised XML it was parsed from; one row per (company, claveAcceso).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';
import type { SriEstado } from '../../../core/annulment.ts';
import type { ReceivedDetail, ReceivedTaxTotal } from '../../../core/received-view.ts';

export const receivedDocuments = pgTable(
  'received_document',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    claveAcceso: varchar('clave_acceso', { length: 49 }).notNull(),
    /** SRI tabla 3: 01 factura, 04 nota de crédito, 05 nota de débito, 07 retención (03/06 are stored too). */
    codDoc: varchar('cod_doc', { length: 2 }).notNull(),
    /** The XML's version attribute (factura 1.0.0 … 2.1.0, retención 1.0.0/2.0.0, …). */
    version: varchar('version', { length: 8 }).notNull(),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    secuencial: varchar('secuencial', { length: 9 }).notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    fechaAutorizacion: timestamp('fecha_autorizacion', { withTimezone: true }),
    numeroAutorizacion: varchar('numero_autorizacion', { length: 49 }),
    rucEmisor: varchar('ruc_emisor', { length: 13 }).notNull(),
    razonSocialEmisor: text('razon_social_emisor').notNull(),
    identificacionComprador: varchar('identificacion_comprador', { length: 20 }).notNull(),
    razonSocialComprador: text('razon_social_comprador').notNull().default(''),
    /** The supplier record (resource 'supplier') created or linked on import. */
    supplierId: uuid('supplier_id'),
    totalSinImpuestos: numeric('total_sin_impuestos', { precision: 14, scale: 2 }).notNull().default('0'),
    totalDescuento: numeric('total_descuento', { precision: 14, scale: 2 }).notNull().default('0'),
    totalIva: numeric('total_iva', { precision: 14, scale: 2 }).notNull().default('0'),
    importeTotal: numeric('importe_total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Totals per tax and rate (totalConImpuestos / impuestos of the document). */
    impuestos: jsonb('impuestos').$type<ReceivedTaxTotal[]>().notNull().default([]),
    /** The document's own parsed fields (pagos, detalles, docsSustento of a retención, numDocModificado…). */
    detail: jsonb('detail').$type<ReceivedDetail>().notNull().default({}),
    /** The authorised comprobante XML (signed). */
    xml: text('xml').notNull(),
    /** The SRI authorisation envelope when the document came from the web service or as an envelope. */
    authorizationXml: text('authorization_xml'),
    /** How it entered: 'clave' (fetched by key), 'xml' (uploaded), 'txt' (portal listing row). */
    source: varchar('source', { length: 8 }).notNull(),
    /**
     * The SRI authorisation service returned this key authorised and the stored XML is the SRI's
     * (DESIGN.md §10): true for a document fetched by key (or from the portal's listing), false for an
     * XML upload until it is confirmed. Reports and payables read only confirmed documents.
     */
    confirmed: boolean('confirmed').notNull().default(false),
    /**
     * The SRI's last word on the key (core/annulment.ts SRI_ESTADOS): AUTORIZADO when confirmed, then
     * what the consultation service answers (PENDIENTE DE ANULAR, ANULADO, …); null when never asked.
     */
    sriEstado: text('sri_estado').$type<SriEstado>(),
    /** When the SRI was last asked about it (confirmation or consultation). */
    sriCheckedAt: timestamp('sri_checked_at', { withTimezone: true }),
    /** Why the last confirmation failed (Spanish), shown with "Sin confirmar con el SRI"; null otherwise. */
    confirmMessage: text('confirm_message'),
    /** For a retención a customer issued to us: our comprobante (factura) it withholds. */
    relatedId: uuid('related_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Payables (DESIGN.md §12, core/receivables.ts), kept as on comprobante: the amounts by triggers
    // in the same transaction as the payment, the supplier's nota de crédito or our retención.
    /** Payments recorded on it (table payment), USD. */
    amountPaid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Notas de crédito the supplier issued on it (received, codDoc 04, related_id = this), USD. */
    amountCredited: numeric('credited', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Retenciones we issued on it (authorised comprobantes 07), USD. */
    amountWithheld: numeric('withheld', { precision: 14, scale: 2 }).notNull().default('0'),
    /** importeTotal − credited − withheld − paid, never below 0. */
    saldo: numeric('saldo', { precision: 14, scale: 2 }).generatedAlwaysAs(sql`greatest(importe_total - credited - withheld - paid, 0)`),
    /**
     * PENDIENTE | PARCIAL | PAGADA for a received factura or nota de débito in the books (confirmed
     * by the SRI and not annulled: DESIGN.md §10), null otherwise.
     */
    paymentState: varchar('payment_state', { length: 9 }).generatedAlwaysAs(
      sql`CASE WHEN cod_doc NOT IN ('01', '05') OR NOT confirmed OR coalesce(sri_estado, '') = 'ANULADO' THEN NULL WHEN importe_total - credited - withheld - paid <= 0 THEN 'PAGADA' WHEN paid + withheld > 0 THEN 'PARCIAL' ELSE 'PENDIENTE' END`,
    ),
    /** fechaEmision + the longest plazo of its pagos (receivable_due_date). */
    dueDate: date('due_date', { mode: 'string' }).generatedAlwaysAs(sql`receivable_due_date(fecha_emision, detail -> 'pagos')`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('received_document_company_clave').on(t.companyId, t.claveAcceso),
    index('received_document_company_fecha_idx').on(t.companyId, t.fechaEmision.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
    index('received_document_company_related_idx').on(t.companyId, t.relatedId),
    index('received_document_company_supplier_idx').on(t.companyId, t.supplierId),
    // What the company still owes, by due date (payables list filters, aging, dashboard).
    index('received_document_company_open_due_idx')
      .on(t.companyId, t.dueDate, t.supplierId, t.saldo)
      .where(sql`payment_state IN ('PENDIENTE', 'PARCIAL')`),
    check('received_document_sri_estado_check', sql`sri_estado in ('AUTORIZADO', 'NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO')`),
  ],
);
