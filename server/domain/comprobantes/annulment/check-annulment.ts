/**
 * Ask the SRI's consultation service about an open anulación request and apply the answer
 * (DESIGN.md §10, core/annulment-progress.ts): ANULADO -> ANULADA (status too, audit row, webhook
 * `comprobante.annulled`, out of the sales sums), PENDIENTE DE ANULAR -> PENDIENTE_ANULAR, AUTORIZADO
 * again -> RECHAZADA, or CADUCADA once the window ended. Every check records checkedAt and sriEstado.
 * The SRI down (SriUnavailableError) changes nothing: the error reaches the caller, and the periodic
 * job (start-annulment-check.ts) asks again on its next pass.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SriUnavailableError } from '../../../sri/soap-client.ts';
import type { Db } from '../../../db/client.ts';
import { comprobantes } from '../../../db/schema/invoicing.ts';
import type { SriPort } from '../../../sri/sri-port.ts';
import type { Ambiente } from '../../../sri/soap-client.ts';
import { isOpenAnnulment, OPEN_ANNULMENT_STATES, SRI_ESTADOS, type SriEstado } from '../../../../core/annulment.ts';
import { annulmentStateNote, nextAnnulmentState } from '../../../../core/annulment-progress.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { changeAnnulment } from './annulment-change.ts';
import { findComprobante } from '../../../db/repositories/comprobantes.ts';

type ComprobanteRow = typeof comprobantes.$inferSelect;

export interface AnnulmentCheckDeps {
  db: Db;
  sri: SriPort;
  clock: () => Date;
}

/**
 * @returns the row after the check (unchanged when the request was not open, or when another check
 *   moved it first: then the row as it is now).
 * @throws SriUnavailableError when the SRI does not answer (nothing written).
 */
export async function checkAnnulment(deps: AnnulmentCheckDeps, row: ComprobanteRow): Promise<ComprobanteRow> {
  const a = row.annulment;
  if (!a || !isOpenAnnulment(a) || row.status !== 'AUTORIZADA' || !row.claveAcceso) return row;
  if (!deps.sri.consultarEstadoAutorizacionComprobante) throw new Error('El servicio de consulta del SRI no está disponible en este puerto');
  const answer = await deps.sri.consultarEstadoAutorizacionComprobante(row.claveAcceso, (row.ambiente ?? '1') as Ambiente);
  const now = deps.clock();
  const estado = answer.estadoConsulta === 'RECHAZADA' ? null : (answer.estadoAutorizacion ?? null);
  const sriEstado = (SRI_ESTADOS as readonly string[]).includes(estado ?? '') ? (estado as SriEstado) : undefined;
  const next = nextAnnulmentState(a, estado, guayaquilDate(now));
  const annulment = { ...a, checkedAt: now.toISOString(), ...(sriEstado ? { sriEstado } : {}), ...(next ? { state: next, stateAt: now.toISOString() } : {}) };
  const changed = await changeAnnulment(deps.db, {
    companyId: row.companyId,
    comprobanteId: row.id,
    from: a.state,
    annulment,
    annul: next === 'ANULADA',
    note: next ? annulmentStateNote(next) : '',
    silent: !next,
    now,
  });
  if (changed) return changed;
  const current = await findComprobante(deps.db, { companyId: row.companyId, id: row.id });
  return current ?? row;
}

/**
 * One pass of the periodic job: every open request of every company (least recently checked first,
 * at most `limit`), each asked once. A request the SRI could not be asked about stays as it was; once
 * the SRI does not answer, the pass stops there.
 * @returns how many were checked, how many changed state and how many failed (SRI down).
 */
export async function checkOpenAnnulments(deps: AnnulmentCheckDeps & { log?: { error(obj: object, msg: string): void } }, opts: { limit?: number } = {}): Promise<{ checked: number; changed: number; failed: number }> {
  const rows = await deps.db
    .select()
    .from(comprobantes)
    .where(and(eq(comprobantes.status, 'AUTORIZADA'), inArray(sql`${comprobantes.annulment}->>'state'`, [...OPEN_ANNULMENT_STATES])))
    .orderBy(sql`${comprobantes.annulment}->>'checkedAt' asc nulls first`)
    .limit(opts.limit ?? 200);
  let changed = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const after = await checkAnnulment(deps, row);
      if (after.annulment?.state !== row.annulment?.state) changed += 1;
    } catch (err) {
      failed += 1;
      deps.log?.error({ err, comprobanteId: row.id }, 'annulment check failed; retried on the next pass');
      // The SRI is down: the others wait for the next pass rather than each waiting for its timeout.
      if (err instanceof SriUnavailableError) break;
    }
  }
  return { checked: rows.length, changed, failed };
}
