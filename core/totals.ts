/**
 * Invoice totals with decimal arithmetic (decimal.js, never floats), shared by the browser editor
 * (live totals) and the server (which always recomputes). SRI rules (ficha técnica; error 52
 * "diferencias"): line base = round2(cantidad × precioUnitario − descuento); IVA per rate =
 * round2(Σ bases of that rate × tarifa); importeTotal = totalSinImpuestos + Σ IVA + propina.
 * Rounding half-up to 2 places (USD). Rates are SRI tabla 17 codigoPorcentaje -> %.
 */
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * SRI tabla 17: codigoPorcentaje -> tarifa %. 6 no objeto, 7 exento (both 0 %). Defaults only: 2 (12 %)
 * ended 2024-03-31 and 4 (15 %) is the general rate since 2024-04-01; the catalog table dates them.
 */
export const IVA_RATES: Record<string, number> = { '0': 0, '2': 12, '3': 14, '4': 15, '5': 5, '6': 0, '7': 0, '8': 8, '10': 13 };

export interface TotalsLineInput {
  cantidad: string | number;
  precioUnitario: string | number;
  descuento?: string | number;
  codigoPorcentajeIva: string;
}

export interface InvoiceTotals {
  detalles: Array<{ precioTotalSinImpuesto: string; codigoPorcentaje: string; tarifa: string; baseImponible: string; valor: string }>;
  totalSinImpuestos: string;
  totalDescuento: string;
  /** One entry per IVA code used, sorted by code (numerically). */
  totalConImpuestos: Array<{ codigo: '2'; codigoPorcentaje: string; baseImponible: string; tarifa: string; valor: string }>;
  subtotales: { iva: string; cero: string; noObjeto: string; exento: string };
  iva: string;
  propina: string;
  importeTotal: string;
}

/** Half-up to 2 places, as a string with exactly 2 decimals ("2.675" -> "2.68"). @throws on non-numbers. */
export const round2 = (x: Decimal.Value): string => new D(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** A money value (string or number) as a 2-decimal string, e.g. `toMoney(27)` -> "27.00". */
export const toMoney = round2;

interface NumberRule {
  /** Absent or '' is an error (otherwise it counts as 0). */
  required?: boolean;
  /** Zero is an error. */
  positive?: boolean;
  /** Most decimals the XSD allows: 6 for cantidad/precioUnitario (1.1.0, 2.1.0), 2 for money. */
  places: number;
}

function num(value: string | number | undefined | null, path: string, rule: NumberRule): Decimal {
  if (value === undefined || value === null || value === '') {
    if (rule.required) throw new Error(`${path} es obligatorio`);
    return new D(0);
  }
  let n: Decimal;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${path} debe ser un número`);
    n = new D(value);
  } else {
    const text = String(value).trim();
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${path} debe ser un número`);
    n = new D(text);
  }
  if (n.isNegative() && !n.isZero()) throw new Error(`${path} no puede ser negativo`);
  if (rule.positive && n.isZero()) throw new Error(`${path} debe ser mayor que 0`);
  if (n.decimalPlaces() > rule.places) throw new Error(`${path} admite hasta ${rule.places} decimales`);
  return n;
}

function tarifaOf(rates: Record<string, number>, code: string, path: string): Decimal {
  // Own keys only: a code such as "constructor" must not find Object.prototype.
  const rate = Object.hasOwn(rates, code) ? rates[code] : undefined;
  if (rate === undefined) throw new Error(`${path}: código de IVA desconocido (${code})`);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new Error(`La tarifa del código de IVA ${code} no es válida (${rate})`);
  return new D(rate);
}

/**
 * One line of a factura as {@link computeInvoiceTotals} totals it (SRI rules: base =
 * round2(cantidad × precioUnitario − descuento), IVA of the line = round2(base × tarifa / 100)),
 * with the exact decimals {@link sumLineTotals} adds up. It depends only on the line's four fields
 * and its rate, so an editor may keep it while the line does not change.
 */
export interface LineTotal {
  /** The line as it goes in `InvoiceTotals.detalles`. */
  detalle: InvoiceTotals['detalles'][number];
  /** codigoPorcentajeIva. */
  codigo: string;
  base: Decimal;
  descuento: Decimal;
}

/**
 * The totals of one line (see {@link computeInvoiceTotals}: same checks, same errors).
 * @param at how errors name the line, e.g. `detalles[2]` ("detalles[2].cantidad debe ser mayor que 0").
 * @throws Error (Spanish) as computeInvoiceTotals does for that line.
 */
export function computeLineTotal(line: TotalsLineInput, at: string, rates: Record<string, number> = IVA_RATES): LineTotal {
  const cantidad = num(line.cantidad, `${at}.cantidad`, { required: true, positive: true, places: 6 });
  const precio = num(line.precioUnitario, `${at}.precioUnitario`, { required: true, places: 6 });
  const descuento = num(line.descuento, `${at}.descuento`, { places: 2 });
  const tarifa = tarifaOf(rates, line.codigoPorcentajeIva, `${at}.codigoPorcentajeIva`);
  const gross = cantidad.times(precio);
  if (descuento.greaterThan(gross.toDecimalPlaces(2, Decimal.ROUND_HALF_UP))) throw new Error(`${at}.descuento no puede ser mayor que el valor de la línea`);
  const base = new D(round2(gross.minus(descuento)));
  return {
    detalle: {
      precioTotalSinImpuesto: base.toFixed(2),
      codigoPorcentaje: line.codigoPorcentajeIva,
      tarifa: tarifa.toFixed(2),
      baseImponible: base.toFixed(2),
      valor: round2(base.times(tarifa).dividedBy(100)),
    },
    codigo: line.codigoPorcentajeIva,
    base,
    descuento,
  };
}

/**
 * The factura's totals from its lines already totalled ({@link computeLineTotal}, with the same
 * `rates`), in order: what {@link computeInvoiceTotals} returns for those lines.
 * @throws Error for an invalid propina ("propina no puede ser negativo").
 */
export function sumLineTotals(lines: LineTotal[], rates: Record<string, number> = IVA_RATES, propinaValue?: string | number): InvoiceTotals {
  const bases = new Map<string, Decimal>();
  let totalSinImpuestos = new D(0);
  let totalDescuento = new D(0);
  for (const l of lines) {
    totalSinImpuestos = totalSinImpuestos.plus(l.base);
    totalDescuento = totalDescuento.plus(l.descuento);
    bases.set(l.codigo, (bases.get(l.codigo) ?? new D(0)).plus(l.base));
  }

  const subtotales = { iva: new D(0), cero: new D(0), noObjeto: new D(0), exento: new D(0) };
  let iva = new D(0);
  const totalConImpuestos = [...bases.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([code, base]) => {
      const tarifa = new D(rates[code]); // validated on the line
      const valor = new D(round2(base.times(tarifa).dividedBy(100)));
      iva = iva.plus(valor);
      if (code === '6') subtotales.noObjeto = subtotales.noObjeto.plus(base);
      else if (code === '7') subtotales.exento = subtotales.exento.plus(base);
      else if (tarifa.isZero()) subtotales.cero = subtotales.cero.plus(base);
      else subtotales.iva = subtotales.iva.plus(base);
      return { codigo: '2' as const, codigoPorcentaje: code, baseImponible: base.toFixed(2), tarifa: tarifa.toFixed(2), valor: valor.toFixed(2) };
    });

  const propina = num(propinaValue, 'propina', { places: 2 });
  return {
    detalles: lines.map((l) => l.detalle),
    totalSinImpuestos: totalSinImpuestos.toFixed(2),
    totalDescuento: round2(totalDescuento),
    totalConImpuestos,
    subtotales: { iva: subtotales.iva.toFixed(2), cero: subtotales.cero.toFixed(2), noObjeto: subtotales.noObjeto.toFixed(2), exento: subtotales.exento.toFixed(2) },
    iva: iva.toFixed(2),
    propina: round2(propina),
    importeTotal: round2(totalSinImpuestos.plus(iva).plus(propina)),
  };
}

/**
 * Totals of a factura in USD: money strings with exactly 2 decimals; `tarifa` in % ("15.00").
 * `rates` (codigoPorcentaje -> %) defaults to IVA_RATES; pass the catalog's rates valid on the date.
 * No lines gives all zeros (the live editor calls this while the invoice is being typed). Each line
 * is {@link computeLineTotal}, then {@link sumLineTotals}.
 * @throws Error (Spanish, naming the field: "detalles[1].cantidad debe ser mayor que 0") for a missing,
 *   non-numeric or negative cantidad/precioUnitario/descuento/propina, a zero cantidad, more decimals
 *   than the XSD allows (6 for cantidad and precioUnitario, 2 for descuento and propina), a descuento
 *   greater than the line, or an unknown IVA code.
 * @example computeInvoiceTotals({ detalles: [{ cantidad: 1, precioUnitario: '0.10', codigoPorcentajeIva: '4' }] })
 *   // { totalSinImpuestos: '0.10', iva: '0.02', importeTotal: '0.12', … }
 */
export function computeInvoiceTotals(input: { detalles: TotalsLineInput[]; propina?: string | number; rates?: Record<string, number> }): InvoiceTotals {
  const rates = input.rates ?? IVA_RATES;
  return sumLineTotals(
    input.detalles.map((line, i) => computeLineTotal(line, `detalles[${i}]`, rates)),
    rates,
    input.propina,
  );
}
