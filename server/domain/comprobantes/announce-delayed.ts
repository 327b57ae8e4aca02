/**
 * Same-day authorisation (DESIGN.md §10; shared/sri/SRI.md "Transmission deadline": from 2026 the SRI
 * expects authorisation on the emission day). A comprobante still FIRMADA, RECIBIDA or EN_PROCESO at
 * 20:00 America/Guayaquil of its fechaEmision is an incident: one statement stamps `delayed_at`
 * (guarded by `delayed_at is null`, so any number of nodes sweeping at once announce it once), the
 * same transaction enqueues the webhook event `comprobante.delayed`, and after commit the company's
 * ADMINs (and SUPERADMINs) get one mail listing the comprobantes found in that sweep. The dashboard
 * lists them under attention (reason `delayed`) until the SRI authorises or rejects them.
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, users } from '../../db/schema/index-tables.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { WAITING_FOR_SRI } from '../../../core/comprobante-status.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { enqueueWebhookEvent } from '../webhooks/webhook-jobs.ts';
import { statusLabel } from '../../../core/comprobante-status.ts';
import { date, money } from '../../../core/display-format.ts';

/** The hour (America/Guayaquil) of the emission day by which a comprobante should be authorised. */
export const SAME_DAY_DEADLINE_HOUR = 20;

/**
 * The latest fechaEmision whose deadline has passed at `now`: 20:00 Guayaquil (UTC-5, no DST) of day
 * D is D+1 01:00 UTC, so D is late once `now - 20 h` falls on D in Guayaquil.
 * @example lateUpTo(new Date('2026-11-27T01:00:00Z')) // '2026-11-26'
 */
export function lateUpTo(now: Date): string {
  return guayaquilDate(new Date(now.getTime() - SAME_DAY_DEADLINE_HOUR * 3600_000));
}

export interface DelayedDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  log?: { error(obj: object, msg: string): void };
}

interface DelayedRow {
  id: string;
  companyId: string;
  codDoc: string;
  estab: string | null;
  ptoEmi: string | null;
  secuencial: number | null;
  claveAcceso: string | null;
  status: string;
  fechaEmision: string;
  razonSocialComprador: string | null;
  importeTotal: string | null;
}

const numero = (r: DelayedRow) => `${r.estab}-${r.ptoEmi}-${String(r.secuencial ?? 0).padStart(9, '0')}`;

/** The event's `data`: the comprobante as the other comprobante.* events carry it, plus `delayedAt`. */
function eventData(r: DelayedRow, at: Date) {
  return {
    _id: r.id,
    codDoc: r.codDoc,
    estab: r.estab,
    ptoEmi: r.ptoEmi,
    secuencial: String(r.secuencial ?? 0).padStart(9, '0'),
    numero: numero(r),
    claveAcceso: r.claveAcceso,
    status: r.status,
    fechaEmision: r.fechaEmision,
    razonSocialComprador: r.razonSocialComprador,
    importeTotal: Number(r.importeTotal ?? 0),
    delayedAt: at.toISOString(),
  };
}

/** The Spanish mail to a company's administrators about the comprobantes of one sweep. */
export function delayedMail(rows: DelayedRow[]): { subject: string; text: string } {
  const lines = rows.map((r) => `- ${metaByCodDoc(r.codDoc)?.label ?? r.codDoc} ${numero(r)} del ${date(r.fechaEmision)} a ${r.razonSocialComprador ?? ''}: ${money(r.importeTotal ?? 0)} (estado: ${statusLabel(r.status)})`);
  const subject = rows.length === 1 ? `Comprobante sin autorizar por el SRI al cierre del día: ${numero(rows[0])}` : `${rows.length} comprobantes sin autorizar por el SRI al cierre del día`;
  const text = [
    `A las ${SAME_DAY_DEADLINE_HOUR}:00 (hora de Ecuador) de su día de emisión, el SRI aún no había autorizado:`,
    '',
    ...lines,
    '',
    'Desde 2026 el SRI espera que cada comprobante se autorice el mismo día en que se emite (resoluciones NAC-DGERCGC25-00000014 y -00000017).',
    'Emite sigue consultando al SRI y los enviará en cuanto responda; no los emita de nuevo. Si el SRI los devuelve, corrija el motivo y emita uno nuevo.',
    'Los verá también en el tablero, en "Requiere atención".',
  ].join('\n');
  return { subject, text };
}

/**
 * One sweep at `deps.clock()`.
 * @returns how many comprobantes were found late in this sweep (0 when another node took them).
 * @throws the database's error; a failed mail is logged, not thrown (the stamp and the event stand).
 */
export async function announceDelayed(deps: DelayedDeps): Promise<number> {
  const now = deps.clock();
  const rows: DelayedRow[] = await deps.db.transaction(async (tx) => {
    const found = await tx
      .update(comprobantes)
      .set({ delayedAt: now })
      .where(and(inArray(comprobantes.status, [...WAITING_FOR_SRI]), isNull(comprobantes.delayedAt), lte(comprobantes.fechaEmision, lateUpTo(now))))
      .returning({
        id: comprobantes.id,
        companyId: comprobantes.companyId,
        codDoc: comprobantes.codDoc,
        estab: comprobantes.estab,
        ptoEmi: comprobantes.ptoEmi,
        secuencial: comprobantes.secuencial,
        claveAcceso: comprobantes.claveAcceso,
        status: comprobantes.status,
        fechaEmision: comprobantes.fechaEmision,
        razonSocialComprador: comprobantes.razonSocialComprador,
        importeTotal: comprobantes.importeTotal,
      });
    for (const r of found) {
      await enqueueWebhookEvent(tx, { companyId: r.companyId, type: 'comprobante.delayed', data: eventData(r as DelayedRow, now), now, comprobanteId: r.id });
    }
    return found as DelayedRow[];
  });
  const byCompany = new Map<string, DelayedRow[]>();
  for (const r of rows) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
  for (const [companyId, list] of byCompany) {
    const admins = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.role, ['ADMIN', 'SUPERADMIN'])));
    const mail = delayedMail(list.sort((x, y) => numero(x).localeCompare(numero(y))));
    for (const admin of admins) {
      try {
        await deps.mailer.send({ to: admin.email, ...mail });
      } catch (err) {
        deps.log?.error({ err, companyId }, 'aviso de comprobantes sin autorizar: correo fallido');
      }
    }
  }
  return rows.length;
}

/** Sweep every `intervalMs` (default one minute) until stopped; a failed sweep is logged and tried again. */
export function startDelayedSweep(deps: DelayedDeps, intervalMs = 60_000) {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    announceDelayed(deps)
      .catch((err: unknown) => deps.log?.error({ err }, 'aviso de comprobantes sin autorizar fallido'))
      .finally(() => (running = false));
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
