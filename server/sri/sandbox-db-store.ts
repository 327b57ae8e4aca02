/**
 * The sandbox SRI's memory in the database (table sri_sandbox_comprobante), so that a restarted
 * Emite (SRI_ENV=sandbox) answers for keys received before exactly as it did, and several API
 * nodes on one database act as one SRI: the primary key (ambiente, clave) and the unique
 * (ambiente, numero) make a concurrent second reception lose `save`, which then answers 43 or 45.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sriSandboxComprobantes as table } from '../db/schema/sri-sandbox.ts';
import type { ReceivedComprobante, SandboxStore } from './sandbox-store.ts';

type Row = typeof table.$inferSelect;

const toReceived = (row: Row | undefined): ReceivedComprobante | undefined =>
  row && { claveAcceso: row.claveAcceso, numero: row.numero, xml: row.xml, ambiente: row.ambiente as '1' | '2', receivedAt: row.receivedAt, authorizedAt: row.authorizedAt ?? undefined, anulacion: row.anulacion ?? undefined };

/** The ambiente a clave de acceso carries (digit 24, SRI ficha técnica: clave de acceso). */
const ambienteOf = (claveAcceso: string) => claveAcceso.charAt(23);

/**
 * @example await app.register(sriSandboxPlugin, { store: createDbSandboxStore(db) });
 */
export function createDbSandboxStore(db: Db): SandboxStore {
  return {
    async byClave(claveAcceso) {
      const [row] = await db.select().from(table).where(and(eq(table.ambiente, ambienteOf(claveAcceso)), eq(table.claveAcceso, claveAcceso)));
      return toReceived(row);
    },
    async byNumero(numero, ambiente) {
      const [row] = await db.select().from(table).where(and(eq(table.ambiente, ambiente), eq(table.numero, numero)));
      return toReceived(row);
    },
    async save(c) {
      const saved = await db
        .insert(table)
        .values({ ambiente: c.ambiente, claveAcceso: c.claveAcceso, numero: c.numero, xml: c.xml, receivedAt: c.receivedAt })
        .onConflictDoNothing()
        .returning({ clave: table.claveAcceso });
      return saved.length > 0;
    },
    async markAuthorized(claveAcceso, at) {
      const where = and(eq(table.ambiente, ambienteOf(claveAcceso)), eq(table.claveAcceso, claveAcceso));
      await db.update(table).set({ authorizedAt: at }).where(and(where, isNull(table.authorizedAt)));
      const [row] = await db.select({ authorizedAt: table.authorizedAt }).from(table).where(where);
      return row?.authorizedAt ?? at;
    },
    async updateAnulacion(claveAcceso, from, next) {
      const states = from.filter((f): f is NonNullable<typeof f> => f !== null);
      const current = sql`${table.anulacion}->>'estado'`;
      const allowed = from.includes(null) ? sql`(${current} is null${states.length ? sql` or ${current} in ${states}` : sql``})` : sql`${current} in ${states}`;
      const updated = await db
        .update(table)
        .set({ anulacion: next })
        .where(and(eq(table.ambiente, ambienteOf(claveAcceso)), eq(table.claveAcceso, claveAcceso), allowed))
        .returning({ clave: table.claveAcceso });
      return updated.length > 0;
    },
    async reset() {
      await db.delete(table);
    },
  };
}
