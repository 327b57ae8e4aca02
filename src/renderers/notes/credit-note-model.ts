/**
 * The nota de crédito editor's draft and its pure helpers (no JSX): the draft a factura starts
 * (its emission point and its lines, which the user reduces, discounts or removes), the draft of a
 * saved nota, and the body of POST|PUT /api/credit-note (DESIGN.md §4). Lines are the factura
 * editor's (`LineDraft`, `checkLines`, `liveTotals`), so the totals on screen are the ones saved.
 */
import { checkLines, fromInvoice, infoAdicionalBody, lineBody, newLine, type LineDraft } from '../invoice/invoice-model.ts';

export interface CreditNoteDraft {
  /** The modified factura's `_id`. */
  invoice?: string;
  motivo: string;
  establishment?: string;
  ptoEmi?: string;
  fechaEmision?: string;
  detalles: LineDraft[];
  infoAdicional: Array<{ nombre: string; valor: string }>;
}

/** A draft with no factura chosen yet (the nota was started from its list). */
export const emptyCreditNote = (fechaEmision: string): CreditNoteDraft => ({ motivo: '', fechaEmision, detalles: [], infoAdicional: [] });

/**
 * The nota de crédito a factura starts: the factura's emission point (the SRI's default for a
 * nota), every line of the factura as it was sold, no motivo yet, today's date. The buyer is not
 * part of the draft: the server takes it from the factura.
 * @example creditNoteFromInvoice(facturaView, '2026-11-23').detalles.length // the factura's line count
 */
export function creditNoteFromInvoice(invoice: Record<string, unknown>, fechaEmision: string): CreditNoteDraft {
  return {
    invoice: String(invoice._id),
    motivo: '',
    establishment: invoice.establishment as string | undefined,
    ptoEmi: invoice.ptoEmi as string | undefined,
    fechaEmision,
    detalles: fromInvoice(invoice).detalles,
    infoAdicional: [],
  };
}

/** From the API's credit-note view to the editor's draft. */
export function fromCreditNote(note: Record<string, unknown>): CreditNoteDraft {
  const asInvoice = fromInvoice(note);
  return {
    invoice: note.invoice as string | undefined,
    motivo: String(note.motivo ?? ''),
    establishment: asInvoice.establishment,
    ptoEmi: asInvoice.ptoEmi,
    fechaEmision: asInvoice.fechaEmision,
    detalles: asInvoice.detalles.length ? asInvoice.detalles : [newLine()],
    infoAdicional: asInvoice.infoAdicional,
  };
}

/**
 * The body of POST|PUT /api/credit-note: the counted lines with their code and description (a
 * nota's line stands on its own, the product may be gone), numbers as numbers, a blank number
 * left out so the server names it.
 */
export function toCreditNoteBody(d: CreditNoteDraft) {
  return {
    invoice: d.invoice,
    motivo: d.motivo.trim(),
    ...(d.establishment ? { establishment: d.establishment } : {}),
    ...(d.ptoEmi ? { ptoEmi: d.ptoEmi } : {}),
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    detalles: checkLines(d.detalles).counted.map((l) => ({ ...lineBody(l), codigoPrincipal: l.codigoPrincipal ?? l.productText, descripcion: l.descripcion })),
    infoAdicional: infoAdicionalBody(d.infoAdicional),
  };
}

/** Why the draft cannot be saved yet (Spanish), or undefined: a factura and a motivo are needed. */
export function creditNoteProblem(d: CreditNoteDraft): string | undefined {
  if (!d.invoice) return 'Elija la factura que modifica la nota de crédito';
  if (!d.motivo.trim()) return 'Escriba la razón de la modificación';
  return undefined;
}
