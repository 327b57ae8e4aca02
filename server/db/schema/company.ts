/** The tenant root (company) and its signing certificate. */
import { boolean, customType, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const companies = pgTable('company', {
  id: uuid('id').primaryKey().defaultRandom(),
  ruc: varchar('ruc', { length: 13 }).notNull().unique(),
  razonSocial: text('razon_social').notNull(),
  nombreComercial: text('nombre_comercial'),
  email: text('email').notNull(),
  dirMatriz: text('dir_matriz').notNull(),
  telefono: text('telefono'),
  /** 'PENDING' until the first user activates the account, then 'ACTIVE'. */
  status: varchar('status', { length: 16 }).notNull().default('PENDING'),
  obligadoContabilidad: boolean('obligado_contabilidad').notNull().default(false),
  contribuyenteEspecial: varchar('contribuyente_especial', { length: 13 }),
  contribuyenteRimpe: text('contribuyente_rimpe'),
  agenteRetencion: varchar('agente_retencion', { length: 8 }),
  /** SRI ambiente: '1' pruebas, '2' producción. */
  ambiente: varchar('ambiente', { length: 1 }).notNull().default('1'),
  facturaVersion: varchar('factura_version', { length: 8 }).notNull().default('1.1.0'),
  /** ADMIN and SUPERADMIN users must sign in with a second factor (TOTP), DESIGN.md §15. */
  mfaRequired: boolean('mfa_required').notNull().default(false),
  logo: bytea('logo'),
  extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One signing certificate per company; p12 and password encrypted at rest (AES-256-GCM). */
export const companyCertificates = pgTable('company_certificate', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  p12Encrypted: bytea('p12_encrypted').notNull(),
  passwordEncrypted: bytea('password_encrypted').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  serialNumber: text('serial_number').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
