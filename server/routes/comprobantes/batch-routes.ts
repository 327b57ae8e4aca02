/**
 * Batch issuing (DESIGN.md §14, issue 30): `POST /api/{resource}/issue-batch {ids}` for every
 * comprobante type -> 202 `{batch}`, and `GET /api/batch/{_id}` -> its progress and per-document
 * result. The batch runs right after the answer, in this node (its job is written claimed by the
 * request); if this node stops, any node's worker resumes it from its job.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { can } from '../../auth/permissions.ts';
import { AppError } from '../../errors.ts';
import { COMPROBANTE_TYPES, comprobanteType } from '../../domain/comprobantes/registry.ts';
import { MAX_BATCH, startBatch } from '../../domain/comprobantes/batch/start-batch.ts';
import { getBatch } from '../../domain/comprobantes/batch/batch-view.ts';
import { runBatchJob, type BatchRunnerDeps } from '../../domain/comprobantes/batch/run-batch.ts';
import { retryJob } from '../../db/repositories/jobs.ts';
import type { Job } from '../../jobs/job.ts';
import { JOB_LEASE_MS } from '../../jobs/job-runner.ts';
import { SriUnavailableError } from '../../sri/soap-client.ts';
import { idParam } from '../../http/route-schemas.ts';

const issueBatchBody = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: { type: 'string', format: 'uuid' } } },
} as const;

const batchStarted = { type: 'object', required: ['batch'], properties: { batch: { type: 'string', format: 'uuid' } } } as const;

const mensajeOut = { type: 'object', additionalProperties: true } as const;
const batchOut = {
  type: 'object',
  required: ['_id', 'status', 'total', 'authorised', 'rejected', 'pending', 'items'],
  properties: {
    _id: { type: 'string' },
    codDoc: { type: 'string' },
    status: { type: 'string', enum: ['EN_PROCESO', 'TERMINADO'] },
    total: { type: 'integer' },
    authorised: { type: 'integer' },
    rejected: { type: 'integer' },
    pending: { type: 'integer' },
    createdAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
    lotes: {
      type: 'array',
      items: { type: 'object', properties: { claveAcceso: { type: 'string' }, comprobantes: { type: 'integer' }, refused: { type: 'integer' }, state: { type: 'string' } } },
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { _id: { type: 'string' }, numero: { type: ['string', 'null'] }, status: { type: 'string' }, mensajes: { type: 'array', items: mensajeOut } },
      },
    },
  },
} as const;

/**
 * Run a claimed sri_batch job; a failure (the SRI unreachable) reschedules it with backoff, as the
 * worker does for its jobs. Used by the route (right after answering) and by the worker.
 */
export async function runClaimedBatch(deps: BatchRunnerDeps, job: Job<'sri_batch'>, log?: { error(obj: object, msg: string): void }): Promise<void> {
  try {
    await runBatchJob(deps, job);
  } catch (err) {
    if (!(err instanceof SriUnavailableError)) log?.error({ err, job: job.id }, 'batch job failed');
    const reason = err instanceof SriUnavailableError ? `SRI no disponible: ${err.message}` : (err as Error).message;
    await retryJob(deps.worker.db, job, { now: deps.worker.clock(), error: reason });
  }
}

export async function batchRoutes(app: FastifyInstance, deps: AppDeps, runner: BatchRunnerDeps): Promise<void> {
  const t = typed(app);
  for (const type of COMPROBANTE_TYPES) {
    const { label } = type.meta;
    t.post(
      `/api/${type.meta.resource}/issue-batch`,
      {
        preHandler: requirePermission(type.permission, 'issue'),
        schema: { summary: `${label}: emitir varios borradores (en lotes del SRI); el avance en GET /api/batch/{_id}`, body: issueBatchBody, response: { 202: batchStarted } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { batchId, job } = await startBatch(deps.db, { type, companyId: user.companyId, ids: request.body.ids, ...auditActor(user), scope: user.emissionScope, now: deps.clock(), leaseMs: JOB_LEASE_MS });
        app.background.run('batch issue', async () => {
          await runClaimedBatch(runner, job, app.log);
          deps.kickWorker?.();
        });
        return reply.status(202).send({ batch: batchId });
      },
    );
  }

  t.get('/api/batch/:_id', { schema: { summary: 'Emisión en lote: avance y resultado por comprobante', params: idParam, response: { 200: batchOut } } }, async (request) => {
    const user = currentUser(request);
    const view = await getBatch(deps.db, { companyId: user.companyId, id: request.params._id });
    const type = comprobanteType(view.codDoc);
    if (!can(user, type.permission, 'read')) throw new AppError('FORBIDDEN', `Su rol (${user.role}) no permite esta acción (${type.permission}: read)`);
    return view;
  });
}
