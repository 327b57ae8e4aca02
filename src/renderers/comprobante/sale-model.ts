/**
 * The sale-like editors' draft model and its pure helpers (no JSX), shared by the factura, the notas
 * and the liquidación de compra: blank lines, which lines make up the comprobante, totals via
 * core/totals with the IVA rates from the tarifa_iva catalog, payment balance, and the pieces of the
 * body sent to the API (each type's own body is in its folder, e.g. comprobantes/invoice/invoice-model.ts).
 * One rule decides what counts, for the live totals and for the saved
 * body alike: a line counts when it has a product (`checkLines`).
 */
import { computeLineTotal, sumLineTotals, type InvoiceTotals, type LineTotal } from '../../../core/totals.ts';
import { totalsMessage } from '../../../core/validation-messages.ts';
import { moneyText } from '../format.ts';

export interface LineDraft {
  key: string;
  /** What the product cell shows: the chosen product's code, or the text being typed. */
  productText: string;
  /** The chosen product's `_id`; unset while the typed text matches no product. */
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
export const newLine = (iva = '4'): LineDraft => ({ key: `l${Date.now().toString(36)}${seq++}`, productText: '', descripcion: '', cantidad: '1', precioUnitario: '', descuento: '0.00', codigoPorcentajeIva: iva });

export const MISSING_PRODUCT = 'Elija un producto de la lista o quite la línea';

/** A line the user has not touched (a fresh row): it is neither counted nor an error. */
const isBlankLine = (l: LineDraft): boolean => !l.product && l.productText.trim() === '' && l.descripcion.trim() === '' && l.precioUnitario === '';

export interface LineCheck {
  /** The lines that make up the invoice, in order: those with a product. */
  counted: LineDraft[];
  /** line key -> Spanish message, for lines that would otherwise be silently dropped. */
  errors: Map<string, string>;
}

/**
 * Which lines make up the invoice. A line counts (in the live totals and in the saved body) only
 * when it has a product; an untouched line is ignored; any other line without a product is an error
 * the editor shows on it (it would not be saved).
 * @example checkLines([{ ...newLine(), productText: 'XYZ', precioUnitario: '5' }]).errors // Map { key => MISSING_PRODUCT }
 */
export function checkLines(lines: LineDraft[]): LineCheck {
  const errors = new Map<string, string>();
  for (const l of lines) if (!l.product && !isBlankLine(l)) errors.set(l.key, MISSING_PRODUCT);
  return { counted: lines.filter((l) => l.product), errors };
}

/**
 * The first line that would not be saved, as the user sees it ("Línea 3: Elija un producto…"), or
 * undefined when every line counts or is blank. The editors refuse to save while there is one.
 */
export function firstLineError(lines: LineDraft[]): string | undefined {
  const { errors } = checkLines(lines);
  const i = lines.findIndex((l) => errors.has(l.key));
  return i < 0 ? undefined : `Línea ${i + 1}: ${errors.get(lines[i].key)}`;
}


export interface LiveTotals {
  totals: InvoiceTotals | null;
  /** line key -> precioTotalSinImpuesto of each counted line. */
  lineTotals: Map<string, string>;
  /** line key -> why the line is not counted (`checkLines`). */
  lineErrors: Map<string, string>;
  /** Why the totals cannot be computed, naming the line as the user sees it ("Línea 2, cantidad: …"). */
  error?: string;
}

/**
 * Totals of the counted lines (`checkLines`), the same lines the factura's `toRequestBody` sends; never throws
 * (the server has the last word). Rates: codigoPorcentaje -> % from the tarifa_iva catalog. A
 * counted line that cannot be totalled (a negative quantity, a price of letters) is flagged on its
 * own (`lineErrors`, `error`) and left out: the totals of the valid lines stay on screen.
 */
export function liveTotals(lines: LineDraft[], rates: Record<string, number>): LiveTotals {
  return totalsOfValidLines(lines, checkLines(lines), rates, (message) => totalsMessage(message));
}

/** A line's own totals (or the message why it cannot be totalled), for the fields and rates they were computed from. */
interface CachedLineTotal {
  fields: string;
  rates: Record<string, number>;
  result: LineTotal | { message: string };
}

/**
 * Each line's last {@link computeLineTotal}, by line object: an edit replaces only the line it
 * changes, so typing in one line of a 100-line invoice totals that line again and adds up the
 * others' kept decimals (the sum itself is redone each time, as the server does it). The entry is
 * used only while the line's four fields and the rates are the ones it was computed from.
 */
const lineTotalCache = new WeakMap<LineDraft, CachedLineTotal>();

/** `computeLineTotal` of the line alone (named `detalles[0]` in its message), kept per line; never throws. */
function lineTotalOf(l: LineDraft, rates: Record<string, number>): LineTotal | { message: string } {
  const descuento = l.descuento || '0';
  const fields = `${l.cantidad}\u0000${l.precioUnitario}\u0000${descuento}\u0000${l.codigoPorcentajeIva}`;
  const kept = lineTotalCache.get(l);
  if (kept && kept.fields === fields && kept.rates === rates) return kept.result;
  let result: CachedLineTotal['result'];
  try {
    result = computeLineTotal({ cantidad: l.cantidad, precioUnitario: l.precioUnitario, descuento, codigoPorcentajeIva: l.codigoPorcentajeIva }, 'detalles[0]', rates);
  } catch (err) {
    result = { message: (err as Error).message };
  }
  lineTotalCache.set(l, { fields, rates, result });
  return result;
}

/**
 * The live totals of `check.counted` in `lines`: each counted line is totalled alone first (core's
 * computeLineTotal, the server's code, kept per line while it does not change); one that throws gets its message in `lineErrors`
 * ("Cantidad: no puede ser negativo"-style, from `describe`) and the first such in `error` with its
 * on-screen line number ("Línea 2, cantidad: …"); the totals are those of the other lines (core's
 * sumLineTotals: what computeInvoiceTotals gives for them), null
 * when every counted line is bad. Shared by the factura, nota de crédito and liquidación editors.
 * @param describe core's message about a one-line invoice (`detalles[0].cantidad …`) -> the text
 *   shown on that line, without its number.
 */
export function totalsOfValidLines(lines: LineDraft[], check: LineCheck, rates: Record<string, number>, describe: (message: string) => string): LiveTotals {
  const lineErrors = new Map(check.errors);
  const valid: LineTotal[] = [];
  const validKeys: string[] = [];
  let error: string | undefined;
  for (const l of check.counted) {
    const result = lineTotalOf(l, rates);
    if ('detalle' in result) {
      valid.push(result);
      validKeys.push(l.key);
      continue;
    }
    const text = describe(result.message).replace(/^Línea \d+, /, '');
    const shown = text.charAt(0).toUpperCase() + text.slice(1);
    lineErrors.set(l.key, shown);
    error ??= `Línea ${lines.indexOf(l) + 1}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  }
  if (valid.length === 0 && error) return { totals: null, lineTotals: new Map(), lineErrors, error };
  const totals = sumLineTotals(valid, rates);
  return { totals, lineTotals: new Map(validKeys.map((key, i) => [key, totals.detalles[i].precioTotalSinImpuesto])), lineErrors, ...(error ? { error } : {}) };
}

/** The product whose code the typed text names (`LAP-01` or a datalist pick `LAP-01 — Laptop`), if any. */
export function matchProduct<P extends Record<string, unknown>>(text: string, products: P[]): P | undefined {
  const code = text.split(' — ')[0].trim();
  return code === '' ? undefined : products.find((p) => String(p.codigoPrincipal) === code);
}

/**
 * What typing `text` in a line's product cell changes: a matching product fills code, description,
 * price and IVA rate; no match clears the product (so the line is never saved against a product the
 * text no longer names) and keeps the other cells as typed.
 */
export function productPatch(text: string, products: Array<Record<string, unknown>>): Partial<LineDraft> {
  const product = matchProduct(text, products);
  if (!product) return { productText: text, product: undefined, codigoPrincipal: undefined };
  return {
    productText: String(product.codigoPrincipal),
    product: String(product._id),
    codigoPrincipal: String(product.codigoPrincipal),
    descripcion: String(product.descripcion ?? ''),
    precioUnitario: moneyText(String(product.precioUnitario ?? '')),
    codigoPorcentajeIva: String(product.codigoPorcentajeIva),
  };
}

/** The server's message for a field (or anything under it) of the last save, if any. */
export const fieldError = (errors: Array<{ path: string; message: string }>, path: string): string | undefined =>
  errors.find((e) => e.path === path || e.path.startsWith(`${path}.`))?.message;

/** An establishment as the editor reads it from /api/establishment. */
export type Establishment = Record<string, unknown> & { _id: string; puntosEmision: Array<{ ptoEmi: string; descripcion?: string }> };

export const centsOf = (v: string | number | undefined) => Math.round(Number(v || 0) * 100);

export function paymentGap(pagos: PagoDraft[], importeTotal: string | undefined): number {
  return centsOf(importeTotal) - pagos.reduce((s, p) => s + centsOf(p.total), 0);
}

/** The payments as the schema-driven payments field edits them (the schema's types: numbers, absent when blank). */
export const pagoRows = (pagos: PagoDraft[]): Array<Record<string, unknown>> =>
  pagos.map((p) => ({
    formaPago: p.formaPago,
    ...(p.total.trim() !== '' ? { total: Number(p.total) } : {}),
    ...(p.plazo ? { plazo: Number(p.plazo) } : {}),
    ...(p.unidadTiempo ? { unidadTiempo: p.unidadTiempo } : {}),
  }));

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A number from the field as text, keeping the editor's own text when it is the same number ("100.50", not "100.5"). */
const numberText = (v: unknown, was: string | undefined) => (v !== undefined && v !== null && was !== undefined && was.trim() !== '' && Number(was) === Number(v) ? was : text(v));

/**
 * The payments after an edit of the payments field (`rows`, as {@link pagoRows} gives them), given
 * those before it (`before`) and what was left to pay then (`gapCents`). A new row starts as cash
 * (01) for what is missing; a term (plazo) in days unless a unit is given, and no unit without a term.
 * @example pagosFromRows([{}], [], 1783) // [{ formaPago: '01', total: '17.83' }]
 */
export function pagosFromRows(rows: Array<Record<string, unknown>>, before: PagoDraft[], gapCents: number): PagoDraft[] {
  return rows.map((r, i) => {
    const was = before[i];
    const isNew = i >= before.length;
    const total = numberText(r.total, was?.total);
    const plazo = numberText(r.plazo, was?.plazo);
    let unidadTiempo = text(r.unidadTiempo) || undefined;
    if (plazo && !was?.plazo && !unidadTiempo) unidadTiempo = 'dias';
    if (!plazo && was?.plazo) unidadTiempo = undefined;
    return {
      formaPago: text(r.formaPago) || (isNew ? '01' : ''),
      total: total || (isNew && gapCents > 0 ? (gapCents / 100).toFixed(2) : ''),
      ...(plazo ? { plazo } : {}),
      ...(unidadTiempo ? { unidadTiempo } : {}),
    };
  });
}

/** The additional information after an edit of its field: blanks as empty strings, as the editors hold them. */
export const infoAdicionalFromRows = (rows: Array<Record<string, unknown>>): InvoiceDraft['infoAdicional'] => rows.map((r) => ({ nombre: text(r.nombre), valor: text(r.valor) }));

/** A typed number, or undefined when blank (so the server says it is missing instead of saving a 0). */
export const numberOrUndefined = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** One counted line as the API takes it (factura; a nota de crédito adds its code). */
export const lineBody = (l: LineDraft) => ({
  product: l.product,
  ...(l.descripcion ? { descripcion: l.descripcion } : {}),
  cantidad: numberOrUndefined(l.cantidad),
  precioUnitario: numberOrUndefined(l.precioUnitario),
  descuento: Number(l.descuento || 0),
  codigoPorcentajeIva: l.codigoPorcentajeIva,
});

/** The payments that are filled in, as the API takes them (factura, nota de débito). */
export const pagosBody = (pagos: PagoDraft[]) =>
  pagos.filter((p) => p.formaPago && p.total !== '').map((p) => ({ formaPago: p.formaPago, total: Number(p.total), ...(p.plazo ? { plazo: Number(p.plazo) } : {}), ...(p.unidadTiempo ? { unidadTiempo: p.unidadTiempo } : {}) }));

/** The additional information that is filled in (both nombre and valor). */
export const infoAdicionalBody = (info: InvoiceDraft['infoAdicional']) => info.filter((i) => i.nombre.trim() && i.valor.trim());

/** A view's payments as the editor holds them (strings). */
export const pagosFromView = (view: Record<string, unknown>): PagoDraft[] =>
  ((view.pagos as Array<Record<string, unknown>>) ?? []).map((p) => ({ formaPago: String(p.formaPago), total: String(p.total), plazo: p.plazo === undefined ? undefined : String(p.plazo), unidadTiempo: p.unidadTiempo as string | undefined }));

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
      productText: String(d.codigoPrincipal ?? ''),
      product: d.product as string,
      codigoPrincipal: d.codigoPrincipal as string,
      descripcion: String(d.descripcion ?? ''),
      cantidad: String(d.cantidad),
      precioUnitario: moneyText(String(d.precioUnitario)),
      descuento: moneyText(String(d.descuento ?? 0)),
      codigoPorcentajeIva: String(d.codigoPorcentajeIva),
    })),
    pagos: pagosFromView(inv),
    infoAdicional: (inv.infoAdicional as Array<{ nombre: string; valor: string }>) ?? [],
  };
}
