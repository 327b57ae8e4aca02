/**
 * The daily passes over received documents (DESIGN.md §10), for every company:
 * - {@link retryUnconfirmed}: each document still `confirmed = false` is confirmed again
 *   (confirm-received-document.ts), as `POST /api/received-document/{_id}/confirm` does;
 * - {@link refreshReceivedEstados}: the consultation service is asked about every received document
 *   issued in the current or the previous month (Guayaquil; the dates the SRI answers for) that it has
 *   not annulled yet, and `sri_estado` keeps its answer (ANULADO: the document leaves the reports and
 *   can no longer be withheld).
 * Each pass stops at the first SriUnavailableError and says so (`unavailable`): nothing is changed
 * for the documents not asked, and {@link startDailyReceivedCheck} tries again within the hour.
 */
import { and, asc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { receivedDocuments } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';
import type { SriPort } from '../../sri/sri-port.ts';
import { SriUnavailableError, type Ambiente } from '../../sri/soap-client.ts';
import { SRI_ESTADOS, type SriEstado } from '../../../core/annulment.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { confirmReceivedDocument } from './confirm-received-document.ts';

export interface ReceivedCheckDeps {
  db: Db;
  sri: SriPort;
  clock: () => Date;
  log?: { error(obj: object, msg: string): void };
  /** Most documents one pass asks about (default PASS_LIMIT); the rest come first in the next pass. */
  passLimit?: number;
}

/** What a pass did. `unavailable`: it stopped because the SRI did not answer (retry soon). */
export interface PassResult {
  asked: number;
  changed: number;
  unavailable: boolean;
}

/**
 * Most documents one pass asks about. Each pass takes those asked longest ago first (never asked
 * first), so with more documents than this the passes go round all of them instead of asking the
 * same oldest ones every day (an upload that never confirms does not crowd out new ones).
 */
const PASS_LIMIT = 2000;
const askedLongestAgoFirst = sql`${receivedDocuments.sriCheckedAt} asc nulls first`;

const isUnavailable = (err: unknown) => err instanceof SriUnavailableError || (err instanceof AppError && err.code === 'SRI_UNAVAILABLE');

/** Confirm again the unconfirmed received documents (asked longest ago first). `changed` counts those confirmed now. */
export async function retryUnconfirmed(deps: ReceivedCheckDeps): Promise<PassResult> {
  const rows = await deps.db
    .select({ companyId: receivedDocuments.companyId, id: receivedDocuments.id })
    .from(receivedDocuments)
    .where(eq(receivedDocuments.confirmed, false))
    .orderBy(askedLongestAgoFirst, asc(receivedDocuments.createdAt))
    .limit(deps.passLimit ?? PASS_LIMIT);
  const result: PassResult = { asked: 0, changed: 0, unavailable: false };
  for (const r of rows) {
    try {
      result.asked += 1;
      const { outcome } = await confirmReceivedDocument({ db: deps.db, sri: deps.sri, companyId: r.companyId, id: r.id, now: deps.clock() });
      if (outcome === 'confirmed') result.changed += 1;
    } catch (err) {
      if (isUnavailable(err)) return { ...result, unavailable: true };
      deps.log?.error({ err, receivedDocument: r.id }, 'confirmación de comprobante recibido fallida');
    }
  }
  return result;
}

/** 'YYYY-MM-01' of the month before `today` ('YYYY-MM-DD'). */
export function previousMonthStart(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

/** Ask the consultation service about this and last month's received documents not yet ANULADO. `changed` counts new estados. */
export async function refreshReceivedEstados(deps: ReceivedCheckDeps): Promise<PassResult> {
  const sri = deps.sri;
  const result: PassResult = { asked: 0, changed: 0, unavailable: false };
  if (!sri.consultarEstadoAutorizacionComprobante) return result;
  const since = previousMonthStart(guayaquilDate(deps.clock()));
  const rows = await deps.db
    .select({ companyId: receivedDocuments.companyId, id: receivedDocuments.id, claveAcceso: receivedDocuments.claveAcceso, sriEstado: receivedDocuments.sriEstado })
    .from(receivedDocuments)
    .where(and(gte(receivedDocuments.fechaEmision, since), or(isNull(receivedDocuments.sriEstado), ne(receivedDocuments.sriEstado, 'ANULADO'))))
    .orderBy(askedLongestAgoFirst, asc(receivedDocuments.fechaEmision))
    .limit(deps.passLimit ?? PASS_LIMIT);
  for (const r of rows) {
    let estado: SriEstado | undefined;
    try {
      result.asked += 1;
      const answer = await sri.consultarEstadoAutorizacionComprobante(r.claveAcceso, r.claveAcceso[23] as Ambiente);
      if ((SRI_ESTADOS as readonly string[]).includes(answer.estadoAutorizacion ?? '')) estado = answer.estadoAutorizacion as SriEstado;
    } catch (err) {
      if (isUnavailable(err)) return { ...result, unavailable: true };
      deps.log?.error({ err, receivedDocument: r.id }, 'consulta de comprobante recibido fallida');
      continue;
    }
    // RECHAZADA (the SRI has no data for the key): the estado stays as it was.
    await deps.db
      .update(receivedDocuments)
      .set({ ...(estado ? { sriEstado: estado } : {}), sriCheckedAt: deps.clock() })
      .where(and(eq(receivedDocuments.companyId, r.companyId), eq(receivedDocuments.id, r.id)));
    if (estado && estado !== r.sriEstado) result.changed += 1;
  }
  return result;
}

/** Both passes, confirmations first. @returns whether the SRI was unreachable in either. */
export async function runReceivedCheck(deps: ReceivedCheckDeps): Promise<{ confirm: PassResult; consult: PassResult }> {
  const confirm = await retryUnconfirmed(deps);
  const consult = confirm.unavailable ? { asked: 0, changed: 0, unavailable: true } : await refreshReceivedEstados(deps);
  return { confirm, consult };
}

/**
 * Milliseconds from `now` to the next `hour`:00 in America/Guayaquil (UTC-5 all year, no DST).
 * @example msUntilGuayaquilHour(new Date('2026-11-26T07:00:00Z'), 3) // 3_600_000 (03:00 = 08:00 UTC)
 */
export function msUntilGuayaquilHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setUTCHours(hour + 5, 0, 0, 0);
  while (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Run {@link runReceivedCheck} every day at 03:00 Guayaquil (a quiet hour for the SRI and the
 * company); after a pass the SRI did not answer, again in an hour (`retryMs`). A failed pass is
 * logged, never thrown.
 */
export function startDailyReceivedCheck(deps: ReceivedCheckDeps, retryMs = 3600 * 1000) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(pass, ms);
    timer.unref();
  };
  const daily = () => msUntilGuayaquilHour(new Date(), 3);
  const pass = () => {
    runReceivedCheck(deps).then(
      (r) => schedule(r.confirm.unavailable || r.consult.unavailable ? retryMs : daily()),
      (err: unknown) => {
        deps.log?.error({ err }, 'revisión diaria de comprobantes recibidos fallida');
        schedule(retryMs);
      },
    );
  };
  schedule(daily());
  return { stop: () => ((stopped = true), timer && clearTimeout(timer)) };
}
