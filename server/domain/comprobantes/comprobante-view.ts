/** The JSON shape of an invoice (DESIGN.md §4): stored row -> API view; money as numbers. */
import { sql } from 'drizzle-orm';
import { comprobantes } from '../../db/schema/index-tables.ts';

export type InvoiceRow = typeof comprobantes.$inferSelect;

const money = (v: string | null) => (v === null ? null : Number(v));

export const formatSecuencial = (n: number | null) => (n === null ? null : String(n).padStart(9, '0'));

export function invoiceNumero(row: Pick<InvoiceRow, 'estab' | 'ptoEmi' | 'secuencial'>): string | null {
  return row.secuencial === null ? null : `${row.estab}-${row.ptoEmi}-${formatSecuencial(row.secuencial)}`;
}

/** The whole invoice (GET /api/invoice/:id): the list row plus line items, payments, additional info and taxes. */
export function toInvoiceView(row: InvoiceRow) {
  return {
    ...toInvoiceSummary({ ...row, numDocModificado: (row.typeDetail as { numDocModificado?: string }).numDocModificado ?? null }),
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
  };
}

export type InvoiceView = ReturnType<typeof toInvoiceView>;

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
};

export type InvoiceSummaryRow = { [K in Exclude<keyof typeof summaryColumns, 'numDocModificado'>]: InvoiceRow[K] } & { numDocModificado?: string | null };

/** A list row (GET /api/invoice): the fields of {@link toInvoiceView} minus detalles, pagos, infoAdicional, totalConImpuestos and propina. */
export function toInvoiceSummary(row: InvoiceSummaryRow) {
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
    status: row.status,
    secuencial: formatSecuencial(row.secuencial),
    numero: invoiceNumero(row),
    claveAcceso: row.claveAcceso,
    ambiente: row.ambiente,
    numeroAutorizacion: row.numeroAutorizacion,
    fechaAutorizacion: row.fechaAutorizacion?.toISOString() ?? null,
    mensajes: row.mensajes,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // A nota's factura: `invoice` (its _id) and `numDocModificado` ('001-001-000000123').
    ...(row.relatedId ? { invoice: row.relatedId, numDocModificado: row.numDocModificado ?? null } : {}),
  };
}

export type InvoiceSummary = ReturnType<typeof toInvoiceSummary>;
