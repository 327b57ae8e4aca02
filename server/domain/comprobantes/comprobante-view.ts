/** The JSON shape of a comprobante (DESIGN.md §4): stored row -> API view; money as numbers. */
import { sql } from 'drizzle-orm';
import { comprobantes } from '../../db/schema/index-tables.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { ivaBases, type IvaBases, type TaxTotal } from '../../../core/iva-bases.ts';
import { balanceFields } from '../payments/balance-view.ts';
import type { BalanceFields } from '../../../core/receivables.ts';
import type { ComprobanteRow } from './comprobante-type.ts';

export type { ComprobanteRow };

const money = (v: string | null) => (v === null ? null : Number(v));

export const formatSecuencial = (n: number | null) => (n === null ? null : String(n).padStart(9, '0'));

export function invoiceNumero(row: Pick<ComprobanteRow, 'estab' | 'ptoEmi' | 'secuencial'>): string | null {
  return row.secuencial === null ? null : `${row.estab}-${row.ptoEmi}-${formatSecuencial(row.secuencial)}`;
}

/**
 * The whole invoice (GET /api/invoice/:id): the list row plus line items, payments, additional info and taxes.
 * @param today 'YYYY-MM-DD' the balance's VENCIDA is judged on (default: today in Guayaquil).
 */
export function toBaseComprobanteView(row: ComprobanteRow, today?: string) {
  return {
    ...toComprobanteSummary({ ...row, numDocModificado: (row.typeDetail as { numDocModificado?: string }).numDocModificado ?? null }, today),
    detalles: row.detalles.map((d) => ({
      ...d,
      cantidad: Number(d.cantidad),
      precioUnitario: Number(d.precioUnitario),
      descuento: Number(d.descuento),
      precioTotalSinImpuesto: Number(d.precioTotalSinImpuesto),
      valorIva: Number(d.valorIva),
    })),
    pagos: row.pagos.map((p) => ({ ...p, total: Number(p.total) })),
    infoAdicional: row.infoAdicional,
    totalConImpuestos: row.totalConImpuestos.map((t) => ({ ...t, baseImponible: Number(t.baseImponible), valor: Number(t.valor), tarifa: Number(t.tarifa) })),
    propina: money(row.propina),
    // DESIGN.md §10: the anulación request and its state (core/annulment.ts); null when none was made.
    annulment: row.annulment ?? null,
    // Not AUTORIZADA by 20:00 of its emission day: when that was noticed (and the ADMINs told).
    delayedAt: row.delayedAt?.toISOString() ?? null,
  };
}

export type ComprobanteView = ReturnType<typeof toBaseComprobanteView>;

/** What a list row needs (GET /api/invoice): the invoice without line items, payments and XML. */
export const summaryColumns = {
  id: comprobantes.id,
  extra: comprobantes.extra,
  establishmentId: comprobantes.establishmentId,
  estab: comprobantes.estab,
  ptoEmi: comprobantes.ptoEmi,
  codDoc: comprobantes.codDoc,
  customerId: comprobantes.customerId,
  razonSocialComprador: comprobantes.razonSocialComprador,
  identificacionComprador: comprobantes.identificacionComprador,
  fechaEmision: comprobantes.fechaEmision,
  totalSinImpuestos: comprobantes.totalSinImpuestos,
  totalDescuento: comprobantes.totalDescuento,
  totalIva: comprobantes.totalIva,
  importeTotal: comprobantes.importeTotal,
  /** Read for the bases per IVA rate (core/iva-bases.ts); not itself in the row. */
  totalConImpuestos: comprobantes.totalConImpuestos,
  status: comprobantes.status,
  secuencial: comprobantes.secuencial,
  claveAcceso: comprobantes.claveAcceso,
  ambiente: comprobantes.ambiente,
  numeroAutorizacion: comprobantes.numeroAutorizacion,
  fechaAutorizacion: comprobantes.fechaAutorizacion,
  mensajes: comprobantes.mensajes,
  emailedAt: comprobantes.emailedAt,
  issuedAt: comprobantes.issuedAt,
  createdAt: comprobantes.createdAt,
  updatedAt: comprobantes.updatedAt,
  /** A nota's factura and its number (type_detail), for the notas' lists; null on a factura. */
  relatedId: comprobantes.relatedId,
  numDocModificado: sql<string | null>`${comprobantes.typeDetail}->>'numDocModificado'`,
  // The balance (DESIGN.md §12), kept on the row (payments/balance-view.ts).
  amountPaid: comprobantes.amountPaid,
  amountCredited: comprobantes.amountCredited,
  amountWithheld: comprobantes.amountWithheld,
  saldo: comprobantes.saldo,
  paymentState: comprobantes.paymentState,
  dueDate: comprobantes.dueDate,
};

/** The timestamps of a list row: a Date, or already the ISO text (the list's prepared statement reads them so: server/db/timestamp-iso.ts). */
type SummaryTimestamp = 'fechaAutorizacion' | 'emailedAt' | 'issuedAt' | 'createdAt' | 'updatedAt';
export type ComprobanteSummaryRow = { [K in Exclude<keyof typeof summaryColumns, 'numDocModificado' | SummaryTimestamp>]: ComprobanteRow[K] } & {
  [K in SummaryTimestamp]: ComprobanteRow[K] | (null extends ComprobanteRow[K] ? string | null : string);
} & { numDocModificado?: string | null };

const iso = (v: Date | string) => (typeof v === 'string' ? v : v.toISOString());
const isoOrNull = (v: Date | string | null) => (v === null || v === undefined ? null : iso(v));

/**
 * A list row (GET /api/invoice): the fields of {@link toBaseComprobanteView} minus detalles, pagos, infoAdicional, totalConImpuestos and propina;
 * a document with amounts (01, 03, 04, 05) adds its bases per IVA rate (base0, base5, base15, baseOtra, noObjeto,
 * exenta: core/iva-bases.ts), which the CSV export of the list carries for the accountant.
 * @param today 'YYYY-MM-DD' the balance's VENCIDA is judged on (default: today in Guayaquil).
 */
export function toComprobanteSummary(row: ComprobanteSummaryRow, today: string = guayaquilDate(new Date())) {
  return {
    _id: row.id,
    ...row.extra,
    establishment: row.establishmentId,
    estab: row.estab,
    ptoEmi: row.ptoEmi,
    codDoc: row.codDoc,
    customer: row.customerId,
    razonSocialComprador: row.razonSocialComprador,
    identificacionComprador: row.identificacionComprador,
    fechaEmision: row.fechaEmision,
    totalSinImpuestos: money(row.totalSinImpuestos),
    totalDescuento: money(row.totalDescuento),
    totalIva: money(row.totalIva),
    importeTotal: money(row.importeTotal),
    ...(['01', '03', '04', '05'].includes(row.codDoc) ? ivaBases(row.totalConImpuestos as unknown as TaxTotal[]) : {}),
    status: row.status,
    secuencial: formatSecuencial(row.secuencial),
    numero: invoiceNumero(row),
    claveAcceso: row.claveAcceso,
    ambiente: row.ambiente,
    numeroAutorizacion: row.numeroAutorizacion,
    fechaAutorizacion: isoOrNull(row.fechaAutorizacion),
    mensajes: row.mensajes,
    emailedAt: isoOrNull(row.emailedAt),
    issuedAt: isoOrNull(row.issuedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    // A nota's factura: `invoice` (its _id) and `numDocModificado` ('001-001-000000123').
    ...(row.relatedId ? { invoice: row.relatedId, numDocModificado: row.numDocModificado ?? null } : {}),
    // What is owed: facturas, notas de débito and liquidaciones de compra (a nota de crédito,
    // a guía or a retención has no balance of its own).
    ...(['01', '03', '05'].includes(row.codDoc) ? balanceFields(row, today) : {}),
  };
}

export type ComprobanteSummary = ReturnType<typeof toComprobanteSummary>;
