/**
 * The purchase side (DESIGN.md §8): comprobantes this company received from its suppliers (or, for a
 * retención, from its customers), entered by access key, XML upload or the SRI portal's TXT listing.
 * Each is stored with the authorised XML it was parsed from; one row per (company, claveAcceso).
 */
import { date, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

/** A tax total of the received document per IVA rate (SRI tabla 17 codigoPorcentaje), USD. */
export type ReceivedTaxTotal = { codigo: string; codigoPorcentaje: string; tarifa: string; baseImponible: string; valor: string };

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
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The authorised comprobante XML (signed). */
    xml: text('xml').notNull(),
    /** The SRI authorisation envelope when the document came from the web service or as an envelope. */
    authorizationXml: text('authorization_xml'),
    /** How it entered: 'clave' (fetched by key), 'xml' (uploaded), 'txt' (portal listing row). */
    source: varchar('source', { length: 8 }).notNull(),
    /** For a retención a customer issued to us: our comprobante (factura) it withholds. */
    relatedId: uuid('related_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('received_document_company_clave').on(t.companyId, t.claveAcceso),
    index('received_document_company_fecha_idx').on(t.companyId, t.fechaEmision.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
    index('received_document_company_related_idx').on(t.companyId, t.relatedId),
    index('received_document_company_supplier_idx').on(t.companyId, t.supplierId),
  ],
);
