/**
 * The company's ATS settings (core/ats-settings.ts), kept in `company.extra.reportSettings.ats`
 * (no table of their own: one small object per company, read with the month).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atsSettingsOf, type AtsSettings } from '../../../core/ats-settings.ts';
import { AppError } from '../../errors.ts';
import { queryRows } from '../../db/query-rows.ts';

type Row = { ats: unknown };

/** @example (await readAtsSettings(db, { companyId })).anulados // 'excluir-sri' */
export async function readAtsSettings(db: Db, p: { companyId: string }): Promise<AtsSettings> {
  const rows = await queryRows<Row>(db, sql`select extra->'reportSettings'->'ats' as ats from company where id = ${p.companyId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'La empresa no existe');
  const v = rows[0].ats;
  return atsSettingsOf(typeof v === 'string' ? JSON.parse(v) : v);
}

/**
 * Stores the settings (the route's schema has checked each value) and returns them as read back.
 * @throws AppError NOT_FOUND when the company does not exist.
 */
export async function updateAtsSettings(db: Db, p: { companyId: string; settings: AtsSettings }): Promise<AtsSettings> {
  const value = JSON.stringify(atsSettingsOf(p.settings));
  await db.execute(sql`
    update company set extra = jsonb_set(jsonb_set(extra, '{reportSettings}', coalesce(extra->'reportSettings', '{}'::jsonb)), '{reportSettings,ats}', ${value}::jsonb), updated_at = now()
    where id = ${p.companyId}`);
  return readAtsSettings(db, p);
}
