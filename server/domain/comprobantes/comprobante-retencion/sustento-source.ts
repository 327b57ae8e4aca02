/**
 * The supporting document of a retención read from what the company holds (DESIGN.md §8): a
 * received factura or liquidación de compra (table received_document, this company's, codDoc 01
 * or 03) or the company's own AUTORIZADA liquidación de compra (comprobante codDoc 03). Gives its
 * number as the retención writes it (15 digits), its date, authorisation, totals, taxes and pagos,
 * so a draft or a proposal needs only the document's _id.
 * Amounts are 2-decimal strings (USD); tarifa a percent string; dates 'YYYY-MM-DD'.
 * @throws AppError VALIDATION at `${at}.receivedDocument` (or `receivedDocument` when `at` is '') when the document
 *   is not the company's, is of another type, or (a liquidación) is not AUTORIZADA.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { receivedDocuments } from '../../../db/schema/index-tables.ts';
import { parseXml, kids, textOf } from '../../../sri/xml-dom.ts';
import { invalid } from '../draft-parts.ts';
import { formatSecuencial, invoiceNumero } from '../comprobante-view.ts';
import { money2 } from '../document-parts.ts';
import type { SustentoImpuestoOf } from '../../../../core/withholding-body.ts';
import { findComprobante } from '../../../db/repositories/comprobantes.ts';

/** A tax of the supporting document, as the retención's impuestoDocSustento. */
export type SustentoImpuesto = SustentoImpuestoOf<string>;

export interface SustentoSource {
  kind: 'receivedDocument' | 'purchaseSettlement';
  id: string;
  codDocSustento: string;
  /** 15 digits, no dashes. */
  numDocSustento: string;
  /** 'YYYY-MM-DD'. */
  fechaEmisionDocSustento: string;
  numAutDocSustento?: string;
  totalSinImpuestos: string;
  importeTotal: string;
  impuestos: SustentoImpuesto[];
  pagos: Array<{ formaPago: string; total: string }>;
  /** Who sold: the received document's issuer, or the liquidación's proveedor. */
  identificacionVendedor: string;
  razonSocialVendedor: string;
  /** The supplier record linked on import, when known. */
  supplierId?: string;
}

/** The SRI's "otros con utilización del sistema financiero" when the document states no pagos. */
const DEFAULT_FORMA_PAGO = '20';

/** pagos/pago of the authorised XML's info element (factura or liquidación), or [] when unreadable. */
function pagosOfXml(xml: string): Array<{ formaPago: string; total: string }> {
  try {
    const root = parseXml(xml);
    const info = kids(root, 'infoFactura')[0] ?? kids(root, 'infoLiquidacionCompra')[0];
    const pagos = info ? kids(info, 'pagos')[0] : undefined;
    return pagos ? kids(pagos, 'pago').map((p) => ({ formaPago: textOf(p, 'formaPago') ?? DEFAULT_FORMA_PAGO, total: money2(textOf(p, 'total') ?? '0') })) : [];
  } catch {
    return [];
  }
}

/**
 * At issue, once more: a received document the SRI annulled after the retención's draft was saved
 * (the daily consultation or a confirm marked it ANULADO, DESIGN.md §10) can no longer be withheld.
 * @param docs the draft's docsSustento (only `receivedDocument` ones are looked at).
 * @throws AppError VALIDATION at `docsSustento.<i>.receivedDocument`, in Spanish.
 */
export async function refuseAnnulledSustento(db: Db, companyId: string, docs: ReadonlyArray<{ receivedDocument?: string }>): Promise<void> {
  const ids = docs.map((d) => d.receivedDocument).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const annulled = await db
    .select({ id: receivedDocuments.id, estab: receivedDocuments.estab, ptoEmi: receivedDocuments.ptoEmi, secuencial: receivedDocuments.secuencial })
    .from(receivedDocuments)
    .where(and(eq(receivedDocuments.companyId, companyId), inArray(receivedDocuments.id, ids), eq(receivedDocuments.sriEstado, 'ANULADO')));
  const first = annulled[0];
  if (!first) return;
  const at = docs.findIndex((d) => d.receivedDocument === first.id);
  throw invalid(`docsSustento.${at}.receivedDocument`, `El SRI anuló el comprobante recibido ${first.estab}-${first.ptoEmi}-${first.secuencial.padStart(9, '0')}: ya no se puede emitir una retención sobre él. Pida al proveedor el comprobante que lo reemplaza`);
}

export async function loadSustentoSource(db: Db, p: { companyId: string; receivedDocument?: string; purchaseSettlement?: string; at: string }): Promise<SustentoSource> {
  const path = (field: string) => (p.at ? `${p.at}.${field}` : field);
  if (p.receivedDocument) {
    const [row] = await db.select().from(receivedDocuments).where(and(eq(receivedDocuments.companyId, p.companyId), eq(receivedDocuments.id, p.receivedDocument)));
    if (!row) throw invalid(path('receivedDocument'), 'El comprobante recibido no existe');
    if (row.codDoc !== '01' && row.codDoc !== '03') throw invalid(path('receivedDocument'), `Solo se retiene sobre una factura o una liquidación de compra; el comprobante recibido ${row.estab}-${row.ptoEmi}-${row.secuencial} es de tipo ${row.codDoc}`);
    // DESIGN.md §10: the SRI's consultation service said ANULADO (received-sri-check.ts).
    if (row.sriEstado === 'ANULADO') throw invalid(path('receivedDocument'), `El SRI anuló el comprobante recibido ${row.estab}-${row.ptoEmi}-${row.secuencial.padStart(9, '0')}: ya no se puede emitir una retención sobre él. Pida al proveedor el comprobante que lo reemplaza`);
    const detailPagos = (row.detail as { pagos?: Array<{ formaPago: string; total: string | number }> }).pagos;
    const pagos = Array.isArray(detailPagos) && detailPagos.length ? detailPagos.map((pg) => ({ formaPago: String(pg.formaPago), total: money2(pg.total) })) : pagosOfXml(row.xml);
    return {
      kind: 'receivedDocument',
      id: row.id,
      codDocSustento: row.codDoc,
      numDocSustento: `${row.estab}${row.ptoEmi}${row.secuencial.padStart(9, '0')}`,
      fechaEmisionDocSustento: row.fechaEmision,
      numAutDocSustento: row.numeroAutorizacion ?? row.claveAcceso,
      totalSinImpuestos: money2(row.totalSinImpuestos),
      importeTotal: money2(row.importeTotal),
      impuestos: row.impuestos.map((t) => ({ codImpuestoDocSustento: t.codigo, codigoPorcentaje: t.codigoPorcentaje, baseImponible: money2(t.baseImponible), tarifa: String(Number(t.tarifa)), valorImpuesto: money2(t.valor) })),
      pagos: pagos.length ? pagos : [{ formaPago: DEFAULT_FORMA_PAGO, total: money2(row.importeTotal) }],
      identificacionVendedor: row.rucEmisor,
      razonSocialVendedor: row.razonSocialEmisor,
      ...(row.supplierId ? { supplierId: row.supplierId } : {}),
    };
  }
  const id = p.purchaseSettlement!;
  const row = await findComprobante(db, { companyId: p.companyId, id, codDoc: '03' });
  if (!row) throw invalid(path('purchaseSettlement'), 'La liquidación de compra no existe');
  if (row.status !== 'AUTORIZADA') throw invalid(path('purchaseSettlement'), `Solo se retiene sobre una liquidación de compra autorizada por el SRI; la liquidación ${invoiceNumero(row) ?? '(borrador)'} está ${row.status}`);
  const supplierId = (row.typeDetail as { supplier?: string }).supplier;
  return {
    kind: 'purchaseSettlement',
    id: row.id,
    codDocSustento: '03',
    numDocSustento: `${row.estab}${row.ptoEmi}${formatSecuencial(row.secuencial)}`,
    fechaEmisionDocSustento: row.fechaEmision,
    numAutDocSustento: row.numeroAutorizacion ?? row.claveAcceso ?? undefined,
    totalSinImpuestos: money2(row.totalSinImpuestos),
    importeTotal: money2(row.importeTotal),
    impuestos: row.totalConImpuestos.map((t) => ({ codImpuestoDocSustento: String(t.codigo ?? '2'), codigoPorcentaje: String(t.codigoPorcentaje), baseImponible: money2(String(t.baseImponible)), tarifa: String(Number(t.tarifa)), valorImpuesto: money2(String(t.valor)) })),
    pagos: row.pagos.length ? row.pagos.map((pg) => ({ formaPago: String(pg.formaPago), total: money2(String(pg.total)) })) : [{ formaPago: DEFAULT_FORMA_PAGO, total: money2(row.importeTotal) }],
    identificacionVendedor: row.identificacionComprador,
    razonSocialVendedor: row.razonSocialComprador,
    ...(supplierId ? { supplierId } : {}),
  };
}
