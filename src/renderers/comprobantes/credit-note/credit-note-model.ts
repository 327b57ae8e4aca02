/**
 * The nota de crédito editor's draft and its pure helpers (no JSX): the draft a factura starts
 * (its emission point and its lines, which the user reduces, discounts or removes), the draft of a
 * saved nota, and the body of POST|PUT /api/credit-note (DESIGN.md §4). Lines are the factura
 * editor's (`LineDraft`, `checkLines`, `liveTotals`), so the totals on screen are the ones saved.
 */
import { centsOf, checkLines, fromInvoice, infoAdicionalBody, lineBody, newLine, type LineDraft } from '../../comprobante/sale-model.ts';
import { money } from '../../format.ts';
import type { Creditable } from '../../comprobante/notes/note-links.ts';

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

/**
 * Lines that return more than the factura sold, as the user types: the quantities of the nota's
 * lines with one product code, added up, against what the factura's lines with that code sold.
 * A code the factura does not have is left to the server (it refuses by rate and total).
 * @param invoiced the modified factura's `detalles` (`codigoPrincipal`, `cantidad`).
 * @returns line key -> message shown on that line ("Cantidad: la factura vendió 2").
 * @example quantityProblems([{ key: 'a', codigoPrincipal: 'MOU-01', cantidad: '3', … }], [{ codigoPrincipal: 'MOU-01', cantidad: 2 }]) // Map { 'a' => 'Cantidad: la factura vendió 2' }
 */
export function quantityProblems(lines: LineDraft[], invoiced: Array<Record<string, unknown>>): Map<string, string> {
  const sold = new Map<string, number>();
  for (const d of invoiced) {
    const code = String(d.codigoPrincipal ?? '');
    sold.set(code, (sold.get(code) ?? 0) + Number(d.cantidad ?? 0));
  }
  const codeOf = (l: LineDraft) => l.codigoPrincipal ?? l.productText.split(' — ')[0].trim();
  const returned = new Map<string, number>();
  for (const l of lines) {
    const n = Number(l.cantidad);
    if (l.cantidad.trim() !== '' && Number.isFinite(n)) returned.set(codeOf(l), (returned.get(codeOf(l)) ?? 0) + n);
  }
  const problems = new Map<string, string>();
  for (const l of lines) {
    const code = codeOf(l);
    const limit = sold.get(code);
    if (limit === undefined || (returned.get(code) ?? 0) <= limit + 1e-9) continue;
    const several = lines.filter((o) => codeOf(o) === code).length > 1;
    problems.set(l.key, `Cantidad: la factura vendió ${limit.toLocaleString('en-US', { maximumFractionDigits: 6 })}${several ? ` de ${code} entre todas sus líneas` : ''}`);
  }
  return problems;
}

/**
 * The first IVA rate whose base in the nota is more than what is left to credit of the factura at
 * that rate (the server's check, core of nota-credito/creditable.ts, said before saving), or a rate
 * the factura did not sell at; undefined when every rate fits.
 * @param taxes the nota's live `totalConImpuestos` (USD decimal strings).
 * @example rateProblem([{ codigoPorcentaje: '4', baseImponible: '60.00' }], creditable) // 'la base con IVA 15 % ($ 60.00) supera lo que queda por acreditar en esa tarifa ($ 50.00)'
 */
export function rateProblem(taxes: Array<{ codigoPorcentaje: string; baseImponible: string }>, creditable: Pick<Creditable, 'byRate'>): string | undefined {
  for (const t of taxes) {
    const rate = creditable.byRate.find((r) => r.codigoPorcentaje === t.codigoPorcentaje);
    if (!rate) return `la factura no vendió con el código de IVA ${t.codigoPorcentaje}: la nota no puede acreditar esa tarifa`;
    if (centsOf(t.baseImponible) > centsOf(rate.remaining)) {
      return `la base con IVA ${rate.tarifa} % (${money(t.baseImponible)}) supera lo que queda por acreditar en esa tarifa (${money(rate.remaining)})`;
    }
  }
  return undefined;
}
