/**
 * The routes of every registered comprobante type, from one module (DESIGN.md §4, §7):
 * `/api/{resource}` list (filters, sort, search; `x-total-count`), get, create, update and delete
 * while a draft, and `/{_id}/issue`, `/authorize`, `/xml`, `/pdf`, `/email`, `/events`. The type
 * gives its draft rules, issue rules, XML and RIDE; everything here is shared. The SRI round trip
 * of an issue runs right away so the answer usually carries the final status; if the SRI does not
 * answer the comprobante stays FIRMADA/RECIBIDA and the background worker keeps trying.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed, type TypedApp } from '../../http/typed.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { comprobantes } from '../../db/schema/index-tables.ts';
import { deleteComprobanteDraft, getComprobante, listComprobantes } from '../../domain/comprobantes/list-comprobantes.ts';
import { issueAndSettle } from '../../domain/comprobantes/issue-and-settle.ts';
import { invoiceNumero } from '../../domain/comprobantes/comprobante-view.ts';
import { renderComprobanteRide } from '../../domain/comprobantes/render-comprobante-ride.ts';
import { emailComprobante } from '../../domain/comprobantes/send-comprobante-mail.ts';
import { listComprobanteEvents } from '../../domain/comprobantes/comprobante-events.ts';
import type { ComprobanteType } from '../../domain/comprobantes/comprobante-type.ts';
import { theLabel } from '../../domain/comprobantes/comprobante-labels.ts';
import { COMPROBANTE_TYPES, toComprobanteView } from '../../domain/comprobantes/registry.ts';
import { scheduleSriCheck } from '../../domain/comprobantes/schedule-sri-check.ts';
import { settleComprobante, type SriJobDeps } from '../../domain/comprobantes/jobs/sri-jobs.ts';
import { guardEmissionScope } from './emission-scope-guard.ts';
import { AppError } from '../../errors.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { idParam } from '../../http/route-schemas.ts';
import { binaryOut, noContent } from '../../http/route-schemas.ts';
import { creditableRoute } from './creditable-route.ts';
import { annulmentRoutes } from './annulment-routes.ts';
import { retencionesRecibidasOf } from '../../domain/received/retenciones-recibidas.ts';
import { withholdingProposalRoute } from './withholding-proposal-route.ts';
import { bodyCheckedBySaveDraft, comprobanteListQuery, comprobanteOut, draftBody, comprobanteSummaryOut, emailBody, emailOut, eventsOut, pdfQuery, xmlQuery } from './comprobante-schemas.ts';
import { extraFilters } from '../../domain/screens/list-extra-filters.ts';
import { schemasOf } from '../company-schemas.ts';

/** The drafts and reads of every type (registered before the worker exists). */
export async function comprobanteRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const type of COMPROBANTE_TYPES) {
    const base = `/api/${type.meta.resource}`;
    // Before the type's routes: it attaches to the routes registered after it.
    guardEmissionScope(app, { db: deps.db, prefix: `${base}/:_id`, table: comprobantes, what: theLabel(type.meta).theOne });
    draftRoutes(typed(app), deps, type, base);
  }
  await creditableRoute(app, deps);
  await withholdingProposalRoute(app, deps);
}

/** Issuing and what follows, for every type (needs the worker's dependencies). */
export async function comprobanteIssuingRoutes(app: FastifyInstance, deps: AppDeps, worker: SriJobDeps): Promise<void> {
  for (const type of COMPROBANTE_TYPES) {
    issuingRoutes(typed(app), deps, worker, type, `/api/${type.meta.resource}`);
    annulmentRoutes(app, typed(app), deps, worker, type, `/api/${type.meta.resource}`);
  }
}

function draftRoutes(app: TypedApp, deps: AppDeps, type: ComprobanteType, base: string): void {
  const { codDoc, label } = type.meta;
  const can = (action: string) => requirePermission(type.permission, action);
  app.get(base, { preHandler: can('read'), schema: { summary: `${label}: listar (filtros: estado, fechas, cliente, estado de pago)`, querystring: comprobanteListQuery, response: { 200: { type: 'array', items: comprobanteSummaryOut } } } }, async (request, reply) => {
    const user = currentUser(request);
    const extra = extraFilters((await schemasOf(app, request)).get(type.meta.resource), request.query);
    const { items, total } = await listComprobantes(deps.db, { companyId: user.companyId, query: request.query, scope: user.emissionScope, codDoc, today: guayaquilDate(deps.clock()), extra });
    reply.header('x-total-count', String(total));
    return items;
  });
  app.get(`${base}/:_id`, { preHandler: can('read'), schema: { summary: `${label}: obtener`, params: idParam, response: { 200: comprobanteOut } } }, async (request) => {
    const { companyId } = currentUser(request);
    const view = toComprobanteView(await getComprobante(deps.db, { companyId, id: request.params._id, codDoc }), guayaquilDate(deps.clock()));
    // A factura shows the retenciones its buyer issued on it and we received (DESIGN.md §8).
    return codDoc === '01' ? { ...view, retencionesRecibidas: await retencionesRecibidasOf(deps.db, { companyId, facturaId: view._id }) } : view;
  });
  const save = async (request: Pick<FastifyRequest, 'user' | 'body'>, id?: string) => {
    const user = currentUser(request);
    const row = await type.saveDraft({ meta: type.meta, db: deps.db, companyId: user.companyId, userId: auditActor(user).userId, scope: user.emissionScope, schemas: await schemasOf(app, request), consumidorFinalCap: deps.config.consumidorFinalCap, now: deps.clock(), body: request.body, id });
    return toComprobanteView(row);
  };
  const body = draftBody(type.formSchema);
  const validatorCompiler = bodyCheckedBySaveDraft(app);
  app.post(base, { preHandler: can('create'), validatorCompiler, schema: { summary: `${label}: crear un borrador`, body, response: { 201: comprobanteOut } } }, async (request, reply) => reply.status(201).send(await save(request)));
  app.put(`${base}/:_id`, { preHandler: can('update'), validatorCompiler, schema: { summary: `${label}: modificar el borrador`, params: idParam, body, response: { 200: comprobanteOut } } }, async (request) => save(request, request.params._id));
  app.delete(`${base}/:_id`, { preHandler: can('delete'), schema: { summary: `${label}: eliminar el borrador`, params: idParam, response: { 204: noContent } } }, async (request, reply) => {
    await deleteComprobanteDraft(deps.db, { companyId: currentUser(request).companyId, id: request.params._id, codDoc });
    return reply.status(204).send();
  });
}

function issuingRoutes(app: TypedApp, deps: AppDeps, worker: SriJobDeps, type: ComprobanteType, base: string): void {
  const { codDoc, label } = type.meta;
  const the = theLabel(type.meta);
  const can = (action: string) => requirePermission(type.permission, action);
  const ids = (request: Pick<FastifyRequest, 'user'> & { params: { _id: string } }) => ({ companyId: currentUser(request).companyId, id: request.params._id, codDoc });
  /** Send and poll now, a few passes, without mailing (the worker mails in the background). */
  const settle = async (id: string) => {
    await settleComprobante(worker, id);
    deps.kickWorker?.();
  };

  app.post(`${base}/:_id/issue`, { preHandler: can('issue'), schema: { summary: `${label}: emitir (firmar, enviar al SRI y esperar la autorización)`, params: idParam, response: { 200: comprobanteOut } } }, async (request) => {
    const { companyId, id } = ids(request);
    const row = await issueAndSettle({ type, db: deps.db, secretBox: deps.secretBox, companyId, ...auditActor(currentUser(request)), id, now: deps.clock(), consumidorFinalCap: deps.config.consumidorFinalCap, schemas: await schemasOf(app, request), worker, wake: deps.kickWorker });
    return toComprobanteView(row);
  });

  app.post(`${base}/:_id/authorize`, { preHandler: can('issue'), schema: { summary: `${label}: consultar de nuevo la autorización al SRI`, params: idParam, response: { 200: comprobanteOut } } }, async (request) => {
    const { companyId, id } = ids(request);
    await getComprobante(deps.db, ids(request)); // another type's id is 404 here too
    // Reuses the comprobante's pending SRI job (never a second one); the worker asks before resending.
    await scheduleSriCheck(deps.db, { companyId, comprobanteId: id, now: deps.clock() });
    await settle(id);
    return toComprobanteView(await getComprobante(deps.db, ids(request)));
  });

  app.get(`${base}/:_id/xml`, { preHandler: can('read'), schema: { summary: `${label}: descargar el XML firmado o el de autorización`, params: idParam, querystring: xmlQuery, response: { 200: binaryOut('El XML del comprobante o de la autorización', 'application/xml') } } }, async (request, reply) => {
    const row = await getComprobante(deps.db, ids(request));
    const format = request.query.format ?? 'comprobante';
    const xml = format === 'autorizacion' ? row.authorizationXml : row.signedXml;
    if (!xml) throw new AppError('UNPROCESSABLE', format === 'autorizacion' ? `${the.theOne} aún no está autorizad${the.ending} por el SRI` : `${the.theOne} aún no ha sido emitid${the.ending}`);
    const name = `${format === 'autorizacion' ? 'autorizacion' : type.meta.fileStem}-${invoiceNumero(row)}.xml`;
    return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(xml);
  });

  app.get(`${base}/:_id/pdf`, { preHandler: can('read'), schema: { summary: `${label}: descargar el RIDE en PDF`, params: idParam, querystring: pdfQuery, response: { 200: binaryOut('El RIDE en PDF', 'application/pdf') } } }, async (request, reply) => {
    const row = await getComprobante(deps.db, ids(request));
    const pdf = await renderComprobanteRide({ db: deps.db, invoice: row });
    const disposition = request.query.download ? 'attachment' : 'inline';
    return reply.type('application/pdf').header('content-disposition', `${disposition}; filename="RIDE-${invoiceNumero(row)}.pdf"`).send(pdf);
  });

  app.post(`${base}/:_id/email`, { preHandler: can('issue'), schema: { summary: `${label}: enviar por correo (XML y RIDE) al comprador`, params: idParam, body: emailBody, response: { 200: emailOut } } }, async (request) =>
    emailComprobante({ db: deps.db, mailer: deps.mailer, ...ids(request), now: deps.clock(), to: request.body?.to }),
  );

  app.get(`${base}/:_id/events`, { preHandler: can('read'), schema: { summary: `${label}: historial de estados`, params: idParam, response: { 200: eventsOut } } }, async (request) =>
    listComprobanteEvents(deps.db, ids(request)),
  );
}
