/**
 * The totals column of the RIDE, in the order of SRI ficha técnica Anexo 2 (shared/sri/SRI.md
 * "RIDE"): SUBTOTAL <rate> % per taxed IVA rate, SUBTOTAL 0 %, NO OBJETO, EXENTO, SIN IMPUESTOS,
 * TOTAL DESCUENTO, ICE, IVA <rate> %, IRBPNR, PROPINA, VALOR TOTAL (TOTAL DESCUENTO and PROPINA only
 * for the types that carry them).
 */
import Decimal from 'decimal.js';
import { IVA_RATES } from '../../../../core/totals.ts';
import { decimalOf, formatRate } from './ride-text.ts';

export interface RideTotalRow {
  label: string;
  /** Decimal string as in the document, not yet formatted for print. */
  value: string;
  /** The last row, VALOR TOTAL. */
  grand?: boolean;
}

/** What the totals column reads: a comprobante's taxes and totals (decimal strings as in its XML). */
export interface RideTotalsInput {
  /** dd/mm/aaaa: picks the general rate shown when no line is taxed. */
  fechaEmision: string;
  totalConImpuestos: Array<{ codigo: string; codigoPorcentaje: string; tarifa?: string; baseImponible: string; valor: string }>;
  totalSinImpuestos: string;
  /** Absent: no TOTAL DESCUENTO row (nota de débito). */
  totalDescuento?: string;
  /** Absent: no PROPINA row (notas: "totals without propina"). */
  propina?: string;
  /** The grand total: importeTotal, valorModificacion or valorTotal. */
  importeTotal: string;
}

const IVA = '2';
const ICE = '3';
const IRBPNR = '5';
const NO_OBJETO = '6';
const EXENTO = '7';

const sum = (values: string[]) => values.reduce((s, v) => s.plus(decimalOf(v)), new Decimal(0)).toFixed(2);

/** The general rate on a dd/mm/aaaa date: 15 % from 2024-04-01 (code 4), 12 % before (code 2). */
function generalRate(fechaEmision: string): number {
  const [d, m, y] = fechaEmision.split('/');
  return `${y}${m}${d}` < '20240401' ? IVA_RATES['2'] : IVA_RATES['4'];
}

/**
 * Rows of the totals column. Rates come from each IVA entry's tarifa, or from SRI tabla 17 by
 * codigoPorcentaje when tarifa is absent; 6 (no objeto) and 7 (exento) have their own rows, and any
 * other 0 % code counts as SUBTOTAL 0 %. An invoice with no taxed line still shows the general rate
 * of its date with 0.00, as RIDEs customarily do.
 * @example rideTotals(doc.infoFactura)[0] // { label: 'SUBTOTAL 15 %', value: '1650.00' }
 */
export function rideTotals(f: RideTotalsInput): RideTotalRow[] {
  const taxed = new Map<string, { rate: number; base: string[]; iva: string[] }>();
  const cero: string[] = [];
  const noObjeto: string[] = [];
  const exento: string[] = [];
  for (const t of f.totalConImpuestos) {
    if (t.codigo !== IVA) continue;
    if (t.codigoPorcentaje === NO_OBJETO) noObjeto.push(t.baseImponible);
    else if (t.codigoPorcentaje === EXENTO) exento.push(t.baseImponible);
    else {
      const rate = t.tarifa !== undefined && t.tarifa.trim() !== '' ? formatRate(t.tarifa) : formatRate(IVA_RATES[t.codigoPorcentaje] ?? 0);
      if (Number(rate) === 0) cero.push(t.baseImponible);
      else {
        const bucket = taxed.get(rate) ?? { rate: Number(rate), base: [], iva: [] };
        bucket.base.push(t.baseImponible);
        bucket.iva.push(t.valor);
        taxed.set(rate, bucket);
      }
    }
  }
  if (taxed.size === 0) taxed.set(String(generalRate(f.fechaEmision)), { rate: generalRate(f.fechaEmision), base: [], iva: [] });
  const rates = [...taxed.entries()].sort((a, b) => b[1].rate - a[1].rate);
  const valorOf = (codigo: string) => sum(f.totalConImpuestos.filter((t) => t.codigo === codigo).map((t) => t.valor));
  return [
    ...rates.map(([rate, b]) => ({ label: `SUBTOTAL ${rate} %`, value: sum(b.base) })),
    { label: 'SUBTOTAL 0 %', value: sum(cero) },
    { label: 'SUBTOTAL NO OBJETO DE IVA', value: sum(noObjeto) },
    { label: 'SUBTOTAL EXENTO DE IVA', value: sum(exento) },
    { label: 'SUBTOTAL SIN IMPUESTOS', value: f.totalSinImpuestos },
    ...(f.totalDescuento !== undefined ? [{ label: 'TOTAL DESCUENTO', value: f.totalDescuento }] : []),
    { label: 'ICE', value: valorOf(ICE) },
    ...rates.map(([rate, b]) => ({ label: `IVA ${rate} %`, value: sum(b.iva) })),
    { label: 'IRBPNR', value: valorOf(IRBPNR) },
    ...(f.propina !== undefined ? [{ label: 'PROPINA', value: f.propina }] : []),
    { label: 'VALOR TOTAL', value: f.importeTotal, grand: true },
  ];
}
