/**
 * A retención a customer issued to us (codDoc 07 received) withholds one of our facturas: the
 * docSustento with codDocSustento 01 whose numDocSustento (15 digits: estab, ptoEmi, secuencial;
 * SRI ficha técnica, comprobante de retención 2.0.0) is a factura of this company in table
 * comprobante. Its id goes to received_document.related_id, so the factura's view can list the
 * retenciones received on it.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/index-tables.ts';
import type { ParsedReceivedDocument } from './received-document.ts';
import { comprobanteScope } from '../../db/repositories/comprobantes.ts';

/**
 * @returns our factura's id, or null when no docSustento names one of ours (the retención is stored
 *   all the same). With several, the first docSustento that matches wins.
 */
export async function findWithheldFactura(db: Db, p: { companyId: string; doc: ParsedReceivedDocument }): Promise<string | null> {
  const numbers = (p.doc.detail.docsSustento ?? [])
    .filter((d) => d.codDocSustento === '01' && /^\d{15}$/.test(d.numDocSustento))
    .map((d) => ({ estab: d.numDocSustento.slice(0, 3), ptoEmi: d.numDocSustento.slice(3, 6), secuencial: Number(d.numDocSustento.slice(6)) }));
  if (!numbers.length) return null;
  const rows = await db
    .select({ id: comprobantes.id, estab: comprobantes.estab, ptoEmi: comprobantes.ptoEmi, secuencial: comprobantes.secuencial })
    .from(comprobantes)
    .where(
      comprobanteScope(
        { companyId: p.companyId, codDoc: '01' },
        inArray(comprobantes.secuencial, numbers.map((n) => n.secuencial)),
        or(...numbers.map((n) => and(eq(comprobantes.estab, n.estab), eq(comprobantes.ptoEmi, n.ptoEmi), eq(comprobantes.secuencial, n.secuencial)))),
      ),
    );
  const first = numbers.map((n) => rows.find((r) => r.estab === n.estab && r.ptoEmi === n.ptoEmi && r.secuencial === n.secuencial)).find(Boolean);
  return first?.id ?? null;
}
