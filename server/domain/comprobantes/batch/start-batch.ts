/**
 * Start a batch issue (DESIGN.md §14): `POST /api/{resource}/issue-batch {ids}`. Checks that every
 * id is a draft of this type of the caller's company, inside the caller's emission scope, and
 * writes in one transaction the batch (its order) and its `sri_batch` job, claimed by the caller
 * until `now + leaseMs` so that it runs it at once (batch/run-batch.ts); after a crash any node's
 * worker takes the job once the lease has passed.
 * @returns the batch's id and its job (as claimJobs would return it).
 * @throws AppError VALIDATION (no ids, more than 500, repeated), NOT_FOUND (an id that is not a
 *   comprobante of this type and company, or is outside the scope: listed in details),
 *   INVOICE_LOCKED (an id that is no longer a draft: listed in details).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { comprobanteIdIn } from './id-in.ts';
import type { Db } from '../../../db/client.ts';
import { comprobanteBatches, comprobantes, jobs } from '../../../db/schema/index-tables.ts';
import type { Job } from '../../../jobs/job.ts';
import { AppError, COMPROBANTE_LOCKED } from '../../../errors.ts';
import { inScope, type EmissionScope } from '../../users/emission-scope.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { theLabel } from '../comprobante-labels.ts';
import { statusLabel } from '../../../../core/comprobante-status.ts';

/** Most drafts one batch takes. */
export const MAX_BATCH = 500;

export async function startBatch(db: Db, p: { type: ComprobanteType; companyId: string; ids: string[]; userId: string | null; apiKeyId: string | null; scope?: EmissionScope; now: Date; leaseMs: number }): Promise<{ batchId: string; job: Job<'sri_batch'> }> {
  const the = theLabel(p.type.meta);
  if (!p.ids.length) throw new AppError('VALIDATION', 'Seleccione al menos un borrador', { details: [{ path: 'ids', message: 'vacío' }] });
  if (p.ids.length > MAX_BATCH) throw new AppError('VALIDATION', `Un lote de emisión admite hasta ${MAX_BATCH} borradores`, { details: [{ path: 'ids', message: `más de ${MAX_BATCH}` }] });
  if (new Set(p.ids).size !== p.ids.length) throw new AppError('VALIDATION', 'Hay borradores repetidos en la selección', { details: [{ path: 'ids', message: 'repetidos' }] });
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: comprobantes.id, status: comprobantes.status, estab: comprobantes.estab, ptoEmi: comprobantes.ptoEmi })
      .from(comprobantes)
      .where(and(eq(comprobantes.companyId, p.companyId), eq(comprobantes.codDoc, p.type.meta.codDoc), comprobanteIdIn(p.ids)));
    const found = new Map(rows.filter((r) => inScope(p.scope, r)).map((r) => [r.id, r]));
    const missing = p.ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
    if (missing.length) {
      throw new AppError('NOT_FOUND', missing.length === 1 ? `${the.theOne} ${missing[0].id} no existe` : `${missing.length} de los comprobantes seleccionados no existen`, {
        details: missing.map(({ id, i }) => ({ path: `ids.${i}`, message: `${id} no existe` })),
      });
    }
    const issued = p.ids.map((id, i) => ({ id, i, status: found.get(id)!.status })).filter((r) => r.status !== 'BORRADOR');
    if (issued.length) {
      throw new AppError(COMPROBANTE_LOCKED, issued.length === 1 ? `${the.theOne} ${issued[0].id} ya fue emitid${the.ending} (estado: ${statusLabel(issued[0].status)})` : `${issued.length} de los comprobantes seleccionados ya no son borradores`, {
        details: issued.map(({ id, i, status }) => ({ path: `ids.${i}`, message: `${id}: estado ${statusLabel(status)}` })),
      });
    }
    // The job has the batch's id: GET /api/batch/{_id} reads its lotes by primary key.
    const batchId = randomUUID();
    const jobId = batchId;
    await tx.insert(comprobanteBatches).values({ companyId: p.companyId, id: batchId, codDoc: p.type.meta.codDoc, ids: p.ids, createdBy: p.userId, apiKeyId: p.apiKeyId, createdAt: p.now });
    const lockedUntil = new Date(p.now.getTime() + p.leaseMs);
    const payload = { batchId };
    await tx.insert(jobs).values({ companyId: p.companyId, id: jobId, kind: 'sri_batch', payload, status: 'running', attempts: 1, runAt: p.now, lockedUntil, createdAt: p.now, updatedAt: p.now });
    const job: Job<'sri_batch'> = { companyId: p.companyId, id: jobId, kind: 'sri_batch', comprobanteId: null, payload, status: 'running', attempts: 1, runAt: p.now, lockedUntil, lastError: null, createdAt: p.now, updatedAt: p.now };
    return { batchId, job };
  });
}
