/**
 * A batch as `GET /api/batch/{_id}` shows it (DESIGN.md §14): each item's status is its
 * comprobante's (the single path may still be working on it), or FALLIDA with the reason when it
 * could not be signed (it is still a draft). `status` is EN_PROCESO while any item can still change,
 * TERMINADO after. `lotes` are what was sent to the SRI (from the batch job's payload).
 * @throws AppError NOT_FOUND (another company's batch is 404 too).
 */
import { and, eq } from 'drizzle-orm';
import { comprobanteIdIn } from './id-in.ts';
import type { Db } from '../../../db/client.ts';
import { comprobanteBatches, comprobantes, jobs } from '../../../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../../../db/schema/invoicing.ts';
import { notFound } from '../../../errors.ts';
import type { BatchJobPayload } from '../../../jobs/job.ts';

export type BatchItemView = {
  _id: string;
  numero: string | null;
  status: string;
  mensajes: SriMensajeRow[];
};

export type BatchView = {
  _id: string;
  codDoc: string;
  status: 'EN_PROCESO' | 'TERMINADO';
  total: number;
  authorised: number;
  rejected: number;
  pending: number;
  createdAt: string;
  finishedAt: string | null;
  lotes: Array<{ claveAcceso: string; comprobantes: number; refused: number; state: string }>;
  items: BatchItemView[];
};

const REJECTED = new Set(['DEVUELTA', 'NO_AUTORIZADA', 'FALLIDA']);

export async function getBatch(db: Db, p: { companyId: string; id: string }): Promise<BatchView> {
  // The batch and its job's payload (the lotes) in one statement: the job has the batch's id.
  const [found] = await db
    .select({ batch: comprobanteBatches, payload: jobs.payload })
    .from(comprobanteBatches)
    .leftJoin(jobs, and(eq(jobs.companyId, comprobanteBatches.companyId), eq(jobs.id, comprobanteBatches.id)))
    .where(and(eq(comprobanteBatches.companyId, p.companyId), eq(comprobanteBatches.id, p.id)));
  if (!found) throw notFound('El lote de emisión');
  const { batch } = found;
  const rows = batch.ids.length
    ? await db
        .select({ id: comprobantes.id, estab: comprobantes.estab, ptoEmi: comprobantes.ptoEmi, secuencial: comprobantes.secuencial, status: comprobantes.status, mensajes: comprobantes.mensajes })
        .from(comprobantes)
        .where(and(eq(comprobantes.companyId, p.companyId), comprobanteIdIn(batch.ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: BatchItemView[] = batch.ids.map((id) => {
    const row = byId.get(id);
    const failure = batch.failures[id];
    if (failure && (!row || row.status === 'BORRADOR')) return { _id: id, numero: null, status: 'FALLIDA', mensajes: failure };
    return {
      _id: id,
      numero: row?.secuencial ? `${row.estab}-${row.ptoEmi}-${String(row.secuencial).padStart(9, '0')}` : null,
      status: row?.status ?? 'FALLIDA',
      mensajes: row?.mensajes ?? [],
    };
  });
  const authorised = items.filter((i) => i.status === 'AUTORIZADA').length;
  const rejected = items.filter((i) => REJECTED.has(i.status)).length;
  const pending = items.length - authorised - rejected;
  const lotes = ((found.payload as BatchJobPayload | null)?.lotes ?? []).map((l) => ({ claveAcceso: l.claveAcceso, comprobantes: l.ids.length, refused: l.refused ?? 0, state: l.state }));
  return {
    _id: batch.id,
    codDoc: batch.codDoc,
    status: pending > 0 ? 'EN_PROCESO' : 'TERMINADO',
    total: items.length,
    authorised,
    rejected,
    pending,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt ? batch.finishedAt.toISOString() : null,
    lotes,
    items,
  };
}
