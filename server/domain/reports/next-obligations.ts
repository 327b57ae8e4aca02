/**
 * What the company must file next and when (the dashboard's "próxima obligación", DESIGN.md §11):
 * the 104, 103 and ATS due from today on, by the RUC's ninth digit (core/tax-calendar.ts), day 9
 * for a contribuyente especial's 104 and 103.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guayaquilDate, daysBetween } from '../../../core/guayaquil-date.ts';
import { nextObligations, type Obligation } from '../../../core/tax-calendar.ts';
import { AppError } from '../../errors.ts';
import { queryRows } from '../../db/query-rows.ts';

export type UpcomingObligation = Obligation & { daysLeft: number };
export type CompanyObligations = { today: string; obligations: UpcomingObligation[] };

/**
 * @param p.now the current instant (the app's clock).
 * @throws AppError NOT_FOUND when the company does not exist.
 * @example (await companyObligations(db, { companyId, now: new Date() })).obligations[0] // { code: 'FORM_104', dueDate: '2026-04-16', daysLeft: 14, … }
 */
export async function companyObligations(db: Db, p: { companyId: string; now: Date }): Promise<CompanyObligations> {
  const rows = await queryRows<{ ruc: string; contribuyente_especial: string | null }>(db, sql`select ruc, contribuyente_especial from company where id = ${p.companyId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'La empresa no existe');
  const today = guayaquilDate(p.now);
  const obligations = nextObligations({ ruc: rows[0].ruc, today, contribuyenteEspecial: Boolean(rows[0].contribuyente_especial) }).map((o) => ({ ...o, daysLeft: daysBetween(today, o.dueDate) }));
  return { today, obligations };
}
