/**
 * A nota de crédito a supplier issued to us (received, codDoc 04) modifies one of the facturas we
 * received from that same supplier (its numDocModificado '001-001-000000123', codDocModificado
 * 01; SRI ficha técnica, nota de crédito). The link (received_document.related_id) lets the
 * factura's payable saldo count the nota (DESIGN.md §12; a trigger keeps the sum). Whichever of the
 * two is registered first, the link is made when the second arrives.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import type { ParsedReceivedDocument } from './received-document.ts';

const NUMERO = /^(\d{3})-?(\d{3})-?(\d{1,9})$/;

/** The received factura a received nota de crédito modifies, or null (not registered yet, or not a factura). */
export async function findModifiedReceivedFactura(db: Db, p: { companyId: string; doc: ParsedReceivedDocument }): Promise<string | null> {
  if (p.doc.codDoc !== '04' || p.doc.detail.codDocModificado !== '01') return null;
  const m = NUMERO.exec(p.doc.detail.numDocModificado ?? '');
  if (!m) return null;
  const [row] = await db
    .select({ id: rd.id })
    .from(rd)
    .where(and(eq(rd.companyId, p.companyId), eq(rd.rucEmisor, p.doc.rucEmisor), eq(rd.codDoc, '01'), eq(rd.estab, m[1]), eq(rd.ptoEmi, m[2]), eq(rd.secuencial, m[3].padStart(9, '0'))));
  return row?.id ?? null;
}

/** After a received factura is stored: the supplier's notas de crédito already registered on it point at it. */
export async function linkNotasToReceivedFactura(db: Db, p: { companyId: string; factura: { id: string; rucEmisor: string; estab: string; ptoEmi: string; secuencial: string } }): Promise<void> {
  const numero = `${p.factura.estab}-${p.factura.ptoEmi}-${p.factura.secuencial.padStart(9, '0')}`;
  await db
    .update(rd)
    .set({ relatedId: p.factura.id })
    .where(
      and(
        eq(rd.companyId, p.companyId),
        eq(rd.codDoc, '04'),
        eq(rd.rucEmisor, p.factura.rucEmisor),
        isNull(rd.relatedId),
        sql`${rd.detail}->>'codDocModificado' = '01'`,
        sql`replace(${rd.detail}->>'numDocModificado', '-', '') = ${numero.replaceAll('-', '')}`,
      ),
    );
}
