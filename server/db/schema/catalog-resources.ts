/**
 * Tenant master data: establishments (with emission points), customers, products.
 * Properties a deployment's schema adds without a column live in `extra` (DESIGN.md §3).
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

const tenantColumns = () => ({
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const establishments = pgTable(
  'establishment',
  {
    ...tenantColumns(),
    estab: varchar('estab', { length: 3 }).notNull(),
    nombre: text('nombre').notNull(),
    dirEstablecimiento: text('dir_establecimiento').notNull(),
    puntosEmision: jsonb('puntos_emision').$type<Array<{ ptoEmi: string; descripcion?: string }>>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), unique('establishment_company_estab').on(t.companyId, t.estab)],
);

export const customers = pgTable(
  'customer',
  {
    ...tenantColumns(),
    tipoIdentificacion: varchar('tipo_identificacion', { length: 2 }).notNull(),
    identificacion: varchar('identificacion', { length: 20 }).notNull(),
    razonSocial: text('razon_social').notNull(),
    email: text('email'),
    direccion: text('direccion'),
    telefono: text('telefono'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('customer_company_identificacion').on(t.companyId, t.tipoIdentificacion, t.identificacion),
    index('customer_company_razon_idx').on(t.companyId, sql`lower(${t.razonSocial})`),
  ],
);

export const products = pgTable(
  'product',
  {
    ...tenantColumns(),
    codigoPrincipal: varchar('codigo_principal', { length: 25 }).notNull(),
    codigoAuxiliar: varchar('codigo_auxiliar', { length: 25 }),
    descripcion: text('descripcion').notNull(),
    precioUnitario: numeric('precio_unitario', { precision: 14, scale: 6 }).notNull(),
    codigoPorcentajeIva: varchar('codigo_porcentaje_iva', { length: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('product_company_codigo').on(t.companyId, t.codigoPrincipal),
    index('product_company_descripcion_idx').on(t.companyId, sql`lower(${t.descripcion})`),
  ],
);
