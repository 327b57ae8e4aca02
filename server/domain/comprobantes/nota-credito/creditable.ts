/**
 * What is left to credit on a factura (SRI.md "Other comprobantes", product invariants): the notas
 * de crédito issued on it (signed, on their way, or authorised: FIRMADA, RECIBIDA, EN_PROCESO,
 * AUTORIZADA) never add up to more than the factura's importeTotal, nor, per IVA rate, to more than
 * its base at that rate. Refused notas (DEVUELTA, NO_AUTORIZADA), drafts and annulled ones count
 * nothing. An annulled factura (ANULADA, DESIGN.md §10) has nothing left to credit. Decimal arithmetic (decimal.js); amounts USD as 2-place decimal strings.
 */
import Decimal from 'decimal.js';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { comprobantes } from '../../../db/schema/index-tables.ts';
import { AppError } from '../../../errors.ts';
import { invoiceNumero } from '../comprobante-view.ts';
import type { ComprobanteRow } from '../comprobante-type.ts';
import { money } from '../../../../core/display-format.ts';
import { comprobanteScope } from '../../../db/repositories/comprobantes.ts';

const COUNTED = new Set(['FIRMADA', 'RECIBIDA', 'EN_PROCESO', 'AUTORIZADA']);

export interface Creditable {
  importeTotal: string;
  credited: string;
  remaining: string;
  byRate: Array<{ codigoPorcentaje: string; tarifa: string; baseImponible: string; credited: string; remaining: string }>;
  /** Every nota de crédito of the factura, drafts included, oldest first. */
  notes: Array<{ _id: string; numero: string | null; status: string; fechaEmision: string; importeTotal: string; counted: boolean }>;
}

type Taxes = ComprobanteRow['totalConImpuestos'];
const sumByRate = (rows: Taxes[]) => {
  const out = new Map<string, Decimal>();
  for (const taxes of rows) for (const t of taxes) out.set(String(t.codigoPorcentaje), (out.get(String(t.codigoPorcentaje)) ?? new Decimal(0)).plus(String(t.baseImponible)));
  return out;
};

/**
 * @param p.excludeId a nota not to count (the one being checked, when it is already stored).
 */
export async function creditableOf(db: Db, p: { companyId: string; factura: ComprobanteRow; excludeId?: string }): Promise<Creditable> {
  const notes = await db
    .select({ id: comprobantes.id, estab: comprobantes.estab, ptoEmi: comprobantes.ptoEmi, secuencial: comprobantes.secuencial, status: comprobantes.status, fechaEmision: comprobantes.fechaEmision, importeTotal: comprobantes.importeTotal, totalConImpuestos: comprobantes.totalConImpuestos })
    .from(comprobantes)
    .where(comprobanteScope({ companyId: p.companyId, relatedId: p.factura.id, codDoc: '04' }))
    .orderBy(asc(comprobantes.createdAt));
  const counted = notes.filter((n) => COUNTED.has(n.status) && n.id !== p.excludeId);
  const credited = counted.reduce((s, n) => s.plus(n.importeTotal), new Decimal(0));
  const creditedByRate = sumByRate(counted.map((n) => n.totalConImpuestos));
  const annulled = p.factura.status === 'ANULADA';
  const left = (from: Decimal.Value, used: Decimal) => (annulled ? new Decimal(0) : Decimal.max(0, new Decimal(from).minus(used))).toFixed(2);
  return {
    importeTotal: new Decimal(p.factura.importeTotal).toFixed(2),
    credited: credited.toFixed(2),
    remaining: left(p.factura.importeTotal, credited),
    byRate: p.factura.totalConImpuestos.map((t) => {
      const used = creditedByRate.get(String(t.codigoPorcentaje)) ?? new Decimal(0);
      return { codigoPorcentaje: String(t.codigoPorcentaje), tarifa: String(t.tarifa), baseImponible: new Decimal(String(t.baseImponible)).toFixed(2), credited: used.toFixed(2), remaining: left(String(t.baseImponible), used) };
    }),
    notes: notes.map((n) => ({ _id: n.id, numero: invoiceNumero(n), status: n.status, fechaEmision: n.fechaEmision, importeTotal: new Decimal(n.importeTotal).toFixed(2), counted: COUNTED.has(n.status) })),
  };
}

/**
 * A nota's totals must fit in what is left.
 * @throws AppError VALIDATION at `detalles` naming the rate or the total and what is left.
 */
export function assertFitsCreditable(c: Creditable, nota: { importeTotal: string; totalConImpuestos: Taxes }, facturaNumero: string): void {
  const refuse = (message: string) => new AppError('VALIDATION', message, { details: [{ path: 'detalles', message }] });
  for (const [code, base] of sumByRate([nota.totalConImpuestos])) {
    const rate = c.byRate.find((r) => r.codigoPorcentaje === code);
    if (!rate) throw refuse(`La factura ${facturaNumero} no tiene ventas con el código de IVA ${code}: la nota de crédito no puede acreditar esa tarifa`);
    if (base.greaterThan(rate.remaining)) throw refuse(`La base con IVA ${rate.tarifa} % de la nota (${money(base.toFixed(2))}) supera lo que queda por acreditar de la factura ${facturaNumero} en esa tarifa (${money(rate.remaining)})`);
  }
  if (new Decimal(nota.importeTotal).greaterThan(c.remaining)) throw refuse(`El total de la nota (${money(new Decimal(nota.importeTotal).toFixed(2))}) supera lo que queda por acreditar de la factura ${facturaNumero} (${money(c.remaining)})`);
}
