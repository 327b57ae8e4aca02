/**
 * Anulación of every issued comprobante type (DESIGN.md §10), generated like the other comprobante
 * routes: `POST /api/{resource}/{_id}/annulment {motivo}` (201, the comprobante), `DELETE
 * …/annulment` (withdraw a request the SRI has not acted on; 200, the comprobante) and `POST
 * …/annulment/check` (ask the SRI's consultation service now; 200, the comprobante). With
 * SRI_ENV=sandbox the request is also made in the sandbox's stand-in for SRI en línea and checked at
 * once, so a factura comes back ANULADA and a retención PENDIENTE_ANULAR.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { TypedApp } from '../../http/typed.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import type { ComprobanteType } from '../../domain/comprobantes/comprobante-type.ts';
import { getComprobante } from '../../domain/comprobantes/list-comprobantes.ts';
import { toComprobanteView } from '../../domain/comprobantes/registry.ts';
import { requestAnnulment, withdrawAnnulment } from '../../domain/comprobantes/annulment/request-annulment.ts';
import { checkAnnulment } from '../../domain/comprobantes/annulment/check-annulment.ts';
import { sandboxPortalClient } from '../../domain/comprobantes/annulment/sandbox-portal-client.ts';
import type { SriJobDeps } from '../../domain/comprobantes/jobs/sri-jobs.ts';
import { SriUnavailableError } from '../../sri/soap-client.ts';
import { AppError } from '../../errors.ts';
import { isOpenAnnulment } from '../../../core/annulment.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { idParam } from '../../http/route-schemas.ts';
import { comprobanteOut } from './comprobante-schemas.ts';

const annulmentBody = {
  type: 'object',
  required: ['motivo'],
  additionalProperties: false,
  properties: { motivo: { type: 'string', minLength: 1, maxLength: 300, description: 'Por qué se anula: error en los datos, u operación que no se realizó' } },
} as const;

const SRI_DOWN = 'El SRI no responde a la consulta: la anulación sigue como estaba y Emite volverá a consultar automáticamente. Inténtelo de nuevo en unos minutos.';

/** Ask now; the SRI down is a 503 that changed nothing. */
async function checkNow(worker: SriJobDeps, row: Awaited<ReturnType<typeof getComprobante>>) {
  try {
    return await checkAnnulment(worker, row);
  } catch (err) {
    if (err instanceof SriUnavailableError) throw new AppError('SRI_UNAVAILABLE', SRI_DOWN);
    throw err;
  }
}

export function annulmentRoutes(raw: FastifyInstance, app: TypedApp, deps: AppDeps, worker: SriJobDeps, type: ComprobanteType, base: string): void {
  const { codDoc, label } = type.meta;
  const can = (action: string) => requirePermission(type.permission, action);
  const ids = (request: Pick<FastifyRequest, 'user'> & { params: { _id: string } }) => ({ companyId: currentUser(request).companyId, id: request.params._id, codDoc });
  const today = () => guayaquilDate(deps.clock());
  // The built-in sandbox through app.inject; an explicit sandbox by SRI_CONSULTA_URL's origin.
  const portal = () => (deps.config.sriEnv === 'sandbox' ? sandboxPortalClient(raw, deps.config.sriConsultaUrl ? new URL(deps.config.sriConsultaUrl).origin : undefined) : undefined);

  app.post(
    `${base}/:_id/annulment`,
    { preHandler: can('issue'), schema: { summary: `${label}: solicitar la anulación (reglas del SRI 2025; con el SRI real se completa en SRI en línea)`, params: idParam, body: annulmentBody, response: { 201: comprobanteOut } } },
    async (request, reply) => {
      const withPortal = portal();
      const row = await requestAnnulment({ db: deps.db, ...ids(request), motivo: request.body.motivo, ...auditActor(currentUser(request)), now: deps.clock(), portal: withPortal });
      // The sandbox answered at once: follow it now (a 01 is ANULADO already). Down: the job retries.
      let after = row;
      if (withPortal) after = await checkAnnulment(worker, row).catch(() => row);
      return reply.status(201).send(toComprobanteView(after, today()));
    },
  );

  app.delete(
    `${base}/:_id/annulment`,
    { preHandler: can('issue'), schema: { summary: `${label}: retirar la solicitud de anulación que el SRI aún no registró`, params: idParam, response: { 200: comprobanteOut } } },
    async (request) => toComprobanteView(await withdrawAnnulment({ db: deps.db, ...ids(request), ...auditActor(currentUser(request)), now: deps.clock() }), today()),
  );

  app.post(
    `${base}/:_id/annulment/check`,
    { preHandler: can('issue'), schema: { summary: `${label}: consultar ahora al SRI el estado de la anulación`, params: idParam, response: { 200: comprobanteOut } } },
    async (request) => {
      const row = await getComprobante(deps.db, ids(request));
      if (!isOpenAnnulment(row.annulment)) throw new AppError('CONFLICT', 'Este comprobante no tiene una solicitud de anulación en curso: no hay nada que consultar.');
      return toComprobanteView(await checkNow(worker, row), today());
    },
  );
}
