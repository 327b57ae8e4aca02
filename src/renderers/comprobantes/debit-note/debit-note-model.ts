/**
 * The nota de débito editor's draft and its pure helpers (no JSX): motivos (razón, valor) charged
 * at one IVA rate, optional payments, the draft a factura starts, the draft of a saved nota, the
 * live totals (core/totals, each motivo a line of cantidad 1: base = Σ valor, IVA on that base) and
 * the body of POST|PUT /api/debit-note (DESIGN.md §4).
 */
import { computeInvoiceTotals, type InvoiceTotals } from '../../../../core/totals.ts';
import { infoAdicionalBody, pagosBody, pagosFromView, type PagoDraft } from '../../comprobante/sale-model.ts';

export interface MotivoDraft {
  key: string;
  razon: string;
  valor: string;
}

export interface DebitNoteDraft {
  invoice?: string;
  establishment?: string;
  ptoEmi?: string;
  fechaEmision?: string;
  codigoPorcentajeIva: string;
  motivos: MotivoDraft[];
  pagos: PagoDraft[];
  infoAdicional: Array<{ nombre: string; valor: string }>;
}

let seq = 0;
export const newMotivo = (): MotivoDraft => ({ key: `m${Date.now().toString(36)}${seq++}`, razon: '', valor: '' });

/** The rate a nota de débito on this factura charges by default: the factura's first taxed rate, else its first, else 15 % ('4'). */
function defaultRate(invoice: Record<string, unknown>): string {
  const detalles = (invoice.detalles as Array<{ codigoPorcentajeIva?: string }>) ?? [];
  const taxes = (invoice.totalConImpuestos as Array<{ codigoPorcentaje?: string; tarifa?: number }>) ?? [];
  return taxes.find((t) => Number(t.tarifa) > 0)?.codigoPorcentaje ?? detalles[0]?.codigoPorcentajeIva ?? '4';
}

/** A draft with no factura chosen yet (the nota was started from its list). */
export const emptyDebitNote = (fechaEmision: string): DebitNoteDraft => ({ fechaEmision, codigoPorcentajeIva: '4', motivos: [newMotivo()], pagos: [], infoAdicional: [] });

/**
 * The nota de débito a factura starts: its emission point, its taxed IVA rate, one empty motivo.
 * @example debitNoteFromInvoice(facturaView, '2026-11-23').codigoPorcentajeIva // '4'
 */
export function debitNoteFromInvoice(invoice: Record<string, unknown>, fechaEmision: string): DebitNoteDraft {
  return {
    invoice: String(invoice._id),
    establishment: invoice.establishment as string | undefined,
    ptoEmi: invoice.ptoEmi as string | undefined,
    fechaEmision,
    codigoPorcentajeIva: defaultRate(invoice),
    motivos: [newMotivo()],
    pagos: [],
    infoAdicional: [],
  };
}

/** From the API's debit-note view to the editor's draft. */
export function fromDebitNote(note: Record<string, unknown>): DebitNoteDraft {
  const motivos = (note.motivos as Array<{ razon: string; valor: number }>) ?? [];
  return {
    invoice: note.invoice as string | undefined,
    establishment: note.establishment as string | undefined,
    ptoEmi: note.ptoEmi as string | undefined,
    fechaEmision: note.fechaEmision as string | undefined,
    codigoPorcentajeIva: String(note.codigoPorcentajeIva ?? '4'),
    motivos: motivos.length ? motivos.map((m) => ({ ...newMotivo(), razon: m.razon, valor: String(m.valor) })) : [newMotivo()],
    pagos: pagosFromView(note),
    infoAdicional: (note.infoAdicional as Array<{ nombre: string; valor: string }>) ?? [],
  };
}

/** A motivo the user has not touched: neither counted nor an error. */
const isBlank = (m: MotivoDraft) => m.razon.trim() === '' && m.valor.trim() === '';

/**
 * The nota's totals from its filled motivos, or null with the reason (naming the row as the user
 * sees it) when one cannot be counted. Rates: codigoPorcentaje -> % (tarifa_iva catalog).
 * @example debitNoteTotals([{ razon: 'Intereses', valor: '10' }], '4', { 4: 15 }).totals?.importeTotal // '11.50'
 */
export function debitNoteTotals(motivos: MotivoDraft[], codigoPorcentajeIva: string, rates: Record<string, number>): { totals: InvoiceTotals | null; error?: string } {
  const rows = motivos.map((m, i) => ({ m, n: i + 1 })).filter(({ m }) => !isBlank(m));
  const bad = rows.find(({ m }) => !m.razon.trim() || !(Number(m.valor) > 0));
  if (bad) return { totals: null, error: `Motivo ${bad.n}: ${bad.m.razon.trim() ? 'el valor debe ser mayor que 0' : 'escriba la razón'}` };
  if (rows.length === 0) return { totals: null };
  try {
    return { totals: computeInvoiceTotals({ detalles: rows.map(({ m }) => ({ cantidad: '1', precioUnitario: m.valor, descuento: '0', codigoPorcentajeIva })), rates }) };
  } catch (err) {
    return { totals: null, error: (err as Error).message };
  }
}

/** The body of POST|PUT /api/debit-note: the filled motivos and payments, numbers as numbers. */
export function toDebitNoteBody(d: DebitNoteDraft) {
  return {
    invoice: d.invoice,
    ...(d.establishment ? { establishment: d.establishment } : {}),
    ...(d.ptoEmi ? { ptoEmi: d.ptoEmi } : {}),
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    codigoPorcentajeIva: d.codigoPorcentajeIva,
    motivos: d.motivos.filter((m) => !isBlank(m)).map((m) => ({ razon: m.razon.trim(), valor: Number(m.valor) })),
    pagos: pagosBody(d.pagos),
    infoAdicional: infoAdicionalBody(d.infoAdicional),
  };
}

/** Why the draft cannot be saved yet (Spanish), or undefined. */
export function debitNoteProblem(d: DebitNoteDraft): string | undefined {
  if (!d.invoice) return 'Elija la factura que modifica la nota de débito';
  if (d.motivos.every(isBlank)) return 'Agregue al menos una razón con su valor';
  return undefined;
}
