/**
 * Adds documents' shares into casilleros: the layout (codes, labels, sections, in the form's
 * order) is given, totals are casilleros defined as the sum of others. Pure; decimal.js.
 */
import Decimal from 'decimal.js';
import type { Casillero, Contribution, FormDoc, FormResult } from './form-month.ts';

export interface CasilleroDef {
  codigo: string;
  label: string;
  section: string;
  /** A total: the sum of these casilleros (its documents are theirs). */
  sumOf?: string[];
}

/** Collects shares; `add` ignores zero amounts (they feed no casillero). */
export class Shares {
  readonly list: Contribution[] = [];
  add(codigo: string, doc: FormDoc, valor: Decimal): void {
    if (!valor.isZero()) this.list.push({ codigo, doc, valor: valor.toFixed(2) });
  }
}

/** The casilleros of `layout` from the shares, totals included; USD rounded half-up to cents. */
export function sumCasilleros(layout: CasilleroDef[], shares: Shares): FormResult {
  const values = new Map<string, Decimal>();
  const docs = new Map<string, Set<string>>();
  for (const c of shares.list) {
    values.set(c.codigo, (values.get(c.codigo) ?? new Decimal(0)).plus(c.valor));
    const set = docs.get(c.codigo) ?? new Set<string>();
    set.add(`${c.doc.resource}/${c.doc._id}`);
    docs.set(c.codigo, set);
  }
  const casilleros: Casillero[] = layout.map((d) => {
    const parts = d.sumOf ?? [d.codigo];
    const valor = parts.reduce((s, p) => s.plus(values.get(p) ?? 0), new Decimal(0));
    const documents = new Set(parts.flatMap((p) => [...(docs.get(p) ?? [])])).size;
    return { codigo: d.codigo, label: d.label, section: d.section, valor: valor.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(), documents };
  });
  const totals = new Map(layout.filter((d) => d.sumOf).map((d) => [d.codigo, d.sumOf!]));
  // A total's drill-down is its parts' documents.
  const contributions = [...shares.list, ...[...totals].flatMap(([codigo, parts]) => shares.list.filter((c) => parts.includes(c.codigo)).map((c) => ({ ...c, codigo })))];
  return { casilleros, contributions };
}
