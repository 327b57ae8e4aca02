/**
 * What the sandbox SRI (SRI_ENV=sandbox) received and authorised, so a restart changes nothing it
 * answers. Not a tenant table: the sandbox plays the SRI, which knows comprobantes by clave de
 * acceso, per ambiente (1 pruebas, 2 producción: separate services at the real SRI).
 */
import { jsonb, pgTable, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/** The sandbox's stand-in for an anulación requested in SRI en línea (DESIGN.md §10). */
export type SandboxAnulacion = { estado: 'PENDIENTE' | 'ANULADO' | 'RECHAZADA'; motivo: string; requestedAt: string; answeredAt?: string };

export const sriSandboxComprobantes = pgTable(
  'sri_sandbox_comprobante',
  {
    ambiente: varchar('ambiente', { length: 1 }).notNull(),
    claveAcceso: varchar('clave_acceso', { length: 49 }).notNull(),
    /** `${ruc}|${estab}|${ptoEmi}|${codDoc}|${secuencial}` (sandbox-store.ts numeroKey): error 45. */
    numero: varchar('numero', { length: 40 }).notNull(),
    /** The comprobante exactly as received, returned in the autorización. */
    xml: text('xml').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Set by the first authorisation answer that gave AUTORIZADO; later answers repeat it. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    /** An anulación asked through the sandbox's portal stand-in, and the receiver's answer. */
    anulacion: jsonb('anulacion').$type<SandboxAnulacion>(),
  },
  (t) => [primaryKey({ columns: [t.ambiente, t.claveAcceso] }), unique('sri_sandbox_comprobante_numero_key').on(t.ambiente, t.numero)],
);
