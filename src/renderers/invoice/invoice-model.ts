/**
 * The editor's draft model and its pure helpers (no JSX): blank lines, totals via core/totals with
 * the IVA rates from the tarifa_iva catalog, payment balance, and the body sent to the API.
 */
import { computeInvoiceTotals, type InvoiceTotals } from '../../../core/totals.ts';

export interface LineDraft {
  key: string;
  product?: string;
  codigoPrincipal?: string;
  descripcion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  codigoPorcentajeIva: string;
}

export interface PagoDraft {
  formaPago: string;
  total: string;
  plazo?: string;
  unidadTiempo?: string;
}

export interface InvoiceDraft {
  establishment?: string;
  ptoEmi?: string;
  customer?: string;
  fechaEmision?: string;
  detalles: LineDraft[];
  pagos: PagoDraft[];
  infoAdicional: Array<{ nombre: string; valor: string }>;
}

let seq = 0;
export const newLine = (iva = '4'): LineDraft => ({ key: `l${Date.now().toString(36)}${seq++}`, descripcion: '', cantidad: '1', precioUnitario: '', descuento: '0', codigoPorcentajeIva: iva });

/** Totals of the lines that are complete enough to count; never throws (the server has the last word). */
export function liveTotals(lines: LineDraft[], rates: Record<string, number>): { totals: InvoiceTotals | null; error?: string } {
  const counted = lines.filter((l) => l.precioUnitario !== '' && l.cantidad !== '');
  try {
    return {
      totals: computeInvoiceTotals({
        detalles: counted.map((l) => ({ cantidad: l.cantidad, precioUnitario: l.precioUnitario, descuento: l.descuento || '0', codigoPorcentajeIva: l.codigoPorcentajeIva })),
        rates,
      }),
    };
  } catch (err) {
    return { totals: null, error: (err as Error).message };
  }
}

export const centsOf = (v: string | number | undefined) => Math.round(Number(v || 0) * 100);

export function paymentGap(pagos: PagoDraft[], importeTotal: string | undefined): number {
  return centsOf(importeTotal) - pagos.reduce((s, p) => s + centsOf(p.total), 0);
}

export function toRequestBody(d: InvoiceDraft) {
  return {
    establishment: d.establishment,
    ptoEmi: d.ptoEmi,
    customer: d.customer,
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    detalles: d.detalles
      .filter((l) => l.product)
      .map((l) => ({
        product: l.product,
        ...(l.descripcion ? { descripcion: l.descripcion } : {}),
        cantidad: Number(l.cantidad),
        precioUnitario: Number(l.precioUnitario),
        descuento: Number(l.descuento || 0),
        codigoPorcentajeIva: l.codigoPorcentajeIva,
      })),
    pagos: d.pagos.filter((p) => p.formaPago && p.total !== '').map((p) => ({ formaPago: p.formaPago, total: Number(p.total), ...(p.plazo ? { plazo: Number(p.plazo) } : {}), ...(p.unidadTiempo ? { unidadTiempo: p.unidadTiempo } : {}) })),
    infoAdicional: d.infoAdicional.filter((i) => i.nombre.trim() && i.valor.trim()),
  };
}

/** From the API's invoice view to the editor's draft. */
export function fromInvoice(inv: Record<string, unknown>): InvoiceDraft {
  const detalles = (inv.detalles as Array<Record<string, unknown>>) ?? [];
  return {
    establishment: inv.establishment as string,
    ptoEmi: inv.ptoEmi as string,
    customer: inv.customer as string,
    fechaEmision: inv.fechaEmision as string,
    detalles: detalles.map((d) => ({
      ...newLine(),
      product: d.product as string,
      codigoPrincipal: d.codigoPrincipal as string,
      descripcion: String(d.descripcion ?? ''),
      cantidad: String(d.cantidad),
      precioUnitario: String(d.precioUnitario),
      descuento: String(d.descuento ?? 0),
      codigoPorcentajeIva: String(d.codigoPorcentajeIva),
    })),
    pagos: ((inv.pagos as Array<Record<string, unknown>>) ?? []).map((p) => ({ formaPago: String(p.formaPago), total: String(p.total), plazo: p.plazo === undefined ? undefined : String(p.plazo), unidadTiempo: p.unidadTiempo as string | undefined })),
    infoAdicional: (inv.infoAdicional as Array<{ nombre: string; valor: string }>) ?? [],
  };
}
