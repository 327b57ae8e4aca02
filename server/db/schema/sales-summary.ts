/**
 * Daily sales of AUTORIZADA comprobantes per company and emission point, for the dashboard (issue
 * #16: a company of 100,000 invoices summed its year in 829 ms reading every row and its line
 * items). Written only by the database: triggers on `comprobante` (migration 0012) add a
 * comprobante's share when it becomes AUTORIZADA (or is inserted so) and take it away when it stops
 * being AUTORIZADA (ANULADA), changes, or is deleted, in the same transaction as that change, so the
 * figures are exact and survive any restart or API node. Money is net as the dashboard counts
 * sales: facturas (01) and notas de débito (05) add, notas de crédito (04) subtract, other types 0.
 * A row whose count falls to 0 is deleted, so every row stands for at least one comprobante.
 */
import { bigint, date, numeric, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

/** One row per (company, day, estab, ptoEmi): the day's net sales and IVA and how many comprobantes. */
export const salesDay = pgTable(
  'sales_day',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** fecha_emision (America/Guayaquil calendar date). */
    day: date('day', { mode: 'string' }).notNull(),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    /** AUTORIZADA comprobantes of any type (the dashboard's AUTORIZADA count). */
    documents: bigint('documents', { mode: 'number' }).notNull(),
    /** Of which facturas (01). */
    facturas: bigint('facturas', { mode: 'number' }).notNull(),
    /** Net importe_total and total_iva, USD. */
    total: numeric('total').notNull(),
    iva: numeric('iva').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.estab, t.ptoEmi] })],
);

/** Per customer and the buyer name written on the comprobantes (the label is the least name, as before). */
export const salesDayCustomer = pgTable(
  'sales_day_customer',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    customerId: uuid('customer_id').notNull(),
    razonSocial: text('razon_social').notNull(),
    documents: bigint('documents', { mode: 'number' }).notNull(),
    facturas: bigint('facturas', { mode: 'number' }).notNull(),
    total: numeric('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.estab, t.ptoEmi, t.customerId, t.razonSocial] })],
);

/**
 * Per product line of sales documents (01, 04, 05): `product` is the line's product id as text,
 * `descripcion` its description ('' when the line has none).
 */
export const salesDayProduct = pgTable(
  'sales_day_product',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    estab: varchar('estab', { length: 3 }).notNull(),
    ptoEmi: varchar('pto_emi', { length: 3 }).notNull(),
    product: text('product').notNull(),
    descripcion: text('descripcion').notNull(),
    /** Lines counted (the row is deleted at 0). */
    lines: bigint('lines', { mode: 'number' }).notNull(),
    /** Net precioTotalSinImpuesto and net cantidad. */
    total: numeric('total').notNull(),
    quantity: numeric('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.estab, t.ptoEmi, t.product, t.descripcion] })],
);
