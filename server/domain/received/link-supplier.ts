/**
 * The supplier of a received factura, nota de crédito or nota de débito: the schema-only record
 * (resource 'supplier', src/schemas/supplier) whose identificacion is the issuer's RUC, created
 * from the XML when there is none (tipoIdentificacion '04' RUC, razonSocial and direccion = the
 * issuer's dirMatriz). Not for a retención or liquidación received: their issuer is our customer.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { records } from '../../db/schema/index-tables.ts';
import type { ParsedReceivedDocument } from './received-document.ts';

const SUPPLIER = 'supplier';

/** Whether a received document of this codDoc has a supplier (its issuer sold to us). */
export const hasSupplier = (codDoc: string) => codDoc === '01' || codDoc === '04' || codDoc === '05';

/**
 * @returns the supplier record's id (an existing one with identificacion = rucEmisor, the oldest if
 *   several, else a new one). Runs inside the caller's transaction (the advisory lock lasts until it ends).
 * @example const supplierId = await linkSupplier(tx, { companyId, doc, now });
 */
export async function linkSupplier(db: Db, p: { companyId: string; doc: ParsedReceivedDocument; now: Date }): Promise<string> {
  // Two imports from the same new supplier at once (a TXT import and a key pasted meanwhile, two
  // nodes) must not create it twice: they take turns on (company, RUC) until their commit.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplier:${p.companyId}:${p.doc.rucEmisor}`}))`);
  const [found] = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.companyId, p.companyId), eq(records.resource, SUPPLIER), sql`${records.data}->>'identificacion' = ${p.doc.rucEmisor}`))
    .orderBy(asc(records.createdAt))
    .limit(1);
  if (found) return found.id;
  const data: Record<string, unknown> = {
    tipoIdentificacion: '04',
    identificacion: p.doc.rucEmisor,
    razonSocial: p.doc.razonSocialEmisor.slice(0, 300),
    parteRelacionada: false,
    ...(p.doc.detail.dirMatriz ? { direccion: p.doc.detail.dirMatriz.slice(0, 300) } : {}),
  };
  const [row] = await db.insert(records).values({ companyId: p.companyId, resource: SUPPLIER, data, createdAt: p.now, updatedAt: p.now }).returning({ id: records.id });
  return row.id;
}
