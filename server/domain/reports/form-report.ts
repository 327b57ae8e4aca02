/**
 * `GET /api/reports/form-104|form-103?period=` and `…/{codigo}` (DESIGN.md §11): the form's
 * casilleros of the month with values and document counts, and the documents behind one casillero.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { gatherCloseMonth } from './gather-close-month.ts';
import { form103 } from './forms/form-103.ts';
import { form104 } from './forms/form-104.ts';
import type { Casillero, FormDoc, FormResult, FormsMonth } from './forms/form-month.ts';
import type { Period } from './period.ts';

export type FormName = '104' | '103';
const BUILDERS: Record<FormName, (m: FormsMonth) => FormResult> = { '104': form104, '103': form103 };

export type FormReport = {
  period: string;
  form: FormName;
  casilleros: Casillero[];
};

/** @example (await formReport(db, { companyId, period, form: '104' })).casilleros[0] // { codigo: '401', valor: 300, documents: 2, … } */
export async function formReport(db: Db, p: { companyId: string; period: Period; form: FormName }): Promise<FormReport> {
  const result = BUILDERS[p.form](await gatherCloseMonth(db, p));
  return { period: p.period.period, form: p.form, casilleros: result.casilleros };
}

export type CasilleroDocuments = {
  period: string;
  form: FormName;
  casillero: Casillero;
  /** Each document's share (USD; negative for a nota de crédito in a neto box), by date. */
  documents: Array<FormDoc & { valor: number }>;
};

/**
 * The documents behind one casillero, each with its share.
 * @throws AppError NOT_FOUND for a casillero the form does not have this month.
 */
export async function casilleroDocuments(db: Db, p: { companyId: string; period: Period; form: FormName; codigo: string }): Promise<CasilleroDocuments> {
  const result = BUILDERS[p.form](await gatherCloseMonth(db, p));
  const casillero = result.casilleros.find((c) => c.codigo === p.codigo);
  if (!casillero) throw new AppError('NOT_FOUND', `El formulario ${p.form} de ${p.period.period} no tiene el casillero ${p.codigo}`);
  const documents = result.contributions
    .filter((c) => c.codigo === p.codigo)
    .map((c) => ({ ...c.doc, valor: Number(c.valor) }))
    .sort((a, b) => a.fechaEmision.localeCompare(b.fechaEmision) || a.numero.localeCompare(b.numero));
  return { period: p.period.period, form: p.form, casillero, documents };
}
