/**
 * The API shape of a received comprobante (DESIGN.md §4 `/api/received-document`; the withholding
 * editor relies on these names): the types of core/received-view.ts, which the SPA reads, built
 * from a row. Money as numbers (USD, 2 decimals), fechaEmision 'YYYY-MM-DD', fechaAutorizacion
 * ISO 8601, numero '001-001-000000001'.
 */
import type { ReceivedDocumentRow } from './import-received-document.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import type { ReceivedSummary, ReceivedView, WithholdingRef } from '../../../core/received-view.ts';
import { balanceFields } from '../payments/balance-view.ts';

/** Statuses of an issued retención that count as "withheld" (a BORRADOR, DEVUELTA or NO_AUTORIZADA does not). */
export const WITHHOLDING_LIVE_STATUSES = ['FIRMADA', 'RECIBIDA', 'EN_PROCESO', 'AUTORIZADA'] as const;

const n = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 100) / 100);

/** '001-001-000000001'. */
export const receivedNumero = (row: Pick<ReceivedDocumentRow, 'estab' | 'ptoEmi' | 'secuencial'>) => `${row.estab}-${row.ptoEmi}-${row.secuencial.padStart(9, '0')}`;

/**
 * The list row: no XML, no detail. `withheld` comes from the list query. A factura or nota de
 * débito adds what is owed on it (payables, DESIGN.md §12) as judged on `today` (default: today in Guayaquil).
 */
export function toReceivedSummary(row: Omit<ReceivedDocumentRow, 'xml' | 'authorizationXml' | 'detail' | 'impuestos'> & { withheld: boolean }, today: string = guayaquilDate(new Date())): ReceivedSummary {
  return {
    _id: row.id,
    claveAcceso: row.claveAcceso,
    codDoc: row.codDoc,
    version: row.version,
    estab: row.estab,
    ptoEmi: row.ptoEmi,
    secuencial: row.secuencial,
    numero: receivedNumero(row),
    fechaEmision: row.fechaEmision,
    fechaAutorizacion: row.fechaAutorizacion?.toISOString() ?? null,
    numeroAutorizacion: row.numeroAutorizacion,
    rucEmisor: row.rucEmisor,
    razonSocialEmisor: row.razonSocialEmisor,
    identificacionComprador: row.identificacionComprador,
    razonSocialComprador: row.razonSocialComprador,
    supplier: row.supplierId,
    totalSinImpuestos: n(row.totalSinImpuestos),
    totalDescuento: n(row.totalDescuento),
    totalIva: n(row.totalIva),
    importeTotal: n(row.importeTotal),
    withheld: row.withheld,
    // A retención received: our factura it withholds; a supplier's nota de crédito: their factura it modifies.
    relatedInvoice: row.codDoc === '04' ? null : row.relatedId,
    modifiedDocument: row.codDoc === '04' ? row.relatedId : null,
    source: row.source,
    // DESIGN.md §10: false until the SRI returns the key authorised (an XML upload); reports use only confirmed ones.
    confirmado: row.confirmed,
    sriEstado: row.sriEstado,
    sriCheckedAt: row.sriCheckedAt?.toISOString() ?? null,
    confirmMessage: row.confirmMessage,
    createdAt: row.createdAt.toISOString(),
    ...(row.codDoc === '01' || row.codDoc === '05' ? balanceFields(row, today) : {}),
  };
}

/**
 * The whole document (GET /api/received-document/:id): the summary plus impuestos per rate
 * (numbers), pagos (total as a number), the parsed `detail`, and the retenciones issued on it.
 */
export function toReceivedView(row: ReceivedDocumentRow, withholdings: WithholdingRef[], today?: string): ReceivedView {
  const detail = row.detail;
  const pagos = detail.pagos ?? (detail.docsSustento ?? []).flatMap((d) => d.pagos ?? []);
  return {
    ...toReceivedSummary({ ...row, withheld: withholdings.some((w) => (WITHHOLDING_LIVE_STATUSES as readonly string[]).includes(w.status)) }, today),
    impuestos: row.impuestos.map((i) => ({ codigo: i.codigo, codigoPorcentaje: i.codigoPorcentaje, tarifa: n(i.tarifa), baseImponible: n(i.baseImponible), valor: n(i.valor) })),
    pagos: pagos.map((p) => ({ formaPago: p.formaPago, total: n(p.total), ...(p.plazo !== undefined ? { plazo: Number(p.plazo) } : {}), ...(p.unidadTiempo !== undefined ? { unidadTiempo: p.unidadTiempo } : {}) })),
    detail,
    withholdings,
  };
}
