/**
 * Issuing an invoice and what follows (DESIGN.md §4): issue, ask the SRI again, signed XML and
 * authorisation XML, RIDE PDF, e-mail, history. The SRI round trip of an issue runs right away so
 * the answer usually carries the final status; if the SRI does not answer the invoice stays
 * FIRMADA/RECIBIDA and the background worker keeps trying.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { companies, comprobanteEvents } from '../../db/schema/index-tables.ts';
import { getInvoice } from '../../domain/comprobantes/list-comprobantes.ts';
import { issueInvoice } from '../../domain/comprobantes/issue-comprobante.ts';
import { toInvoiceView, invoiceNumero } from '../../domain/comprobantes/comprobante-view.ts';
import { renderInvoiceRide } from '../../domain/comprobantes/render-comprobante-ride.ts';
import { sendInvoiceMail } from '../../domain/comprobantes/send-comprobante-mail.ts';
import { scheduleSriCheck } from '../../jobs/schedule-sri-check.ts';
import { runDueJobs, type WorkerDeps } from '../../jobs/comprobante-worker.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../resources/index.ts';
import { binaryOut } from '../../http/route-schemas.ts';

const invoiceOut = { type: 'object', additionalProperties: true } as const;
const nullableText = { type: ['string', 'null'] } as const;
/** One status change of the history (GET /api/invoice/{_id}/events). */
const eventOut = {
  type: 'object',
  additionalProperties: true,
  properties: { at: { type: 'string' }, userId: nullableText, apiKeyId: nullableText, from: nullableText, to: nullableText, mensajes: {}, note: nullableText },
} as const;

export async function issuingRoutes(app: FastifyInstance, deps: AppDeps, worker: WorkerDeps): Promise<void> {
  const ids = (request: FastifyRequest) => ({ companyId: currentUser(request).companyId, id: (request.params as { _id: string })._id });
  /** Send and poll now, a few passes, without mailing (the worker mails in the background). */
  const settle = async (invoiceId: string) => {
    for (let i = 0; i < 4; i += 1) {
      const ran = await runDueJobs(worker, { comprobanteId: invoiceId, kinds: ['sri_send', 'sri_authorize'] });
      if (ran === 0) break;
    }
    deps.kickWorker?.();
  };

  app.post('/api/invoice/:_id/issue', { preHandler: requirePermission('invoice', 'issue'), schema: { summary: 'Emitir la factura: firmar, enviar al SRI y esperar la autorización', params: idParam, response: { 200: invoiceOut } } }, async (request) => {
    const { companyId, id } = ids(request);
    await issueInvoice({ db: deps.db, secretBox: deps.secretBox, companyId, ...auditActor(currentUser(request)), invoiceId: id, now: deps.clock(), consumidorFinalCap: deps.config.consumidorFinalCap });
    await settle(id);
    return toInvoiceView(await getInvoice(deps.db, { companyId, id }));
  });

  app.post('/api/invoice/:_id/authorize', { preHandler: requirePermission('invoice', 'issue'), schema: { summary: 'Consultar de nuevo al SRI la autorización de la factura', params: idParam, response: { 200: invoiceOut } } }, async (request) => {
    const { companyId, id } = ids(request);
    // Reuses the invoice's pending SRI job (never a second one); the worker asks before resending.
    await scheduleSriCheck(deps.db, { companyId, comprobanteId: id, now: deps.clock() });
    await settle(id);
    return toInvoiceView(await getInvoice(deps.db, { companyId, id }));
  });

  app.get(
    '/api/invoice/:_id/xml',
    { preHandler: requirePermission('invoice', 'read'), schema: { summary: 'Descargar el XML firmado o el de autorización', params: idParam, querystring: { type: 'object', properties: { format: { type: 'string', enum: ['comprobante', 'autorizacion'] } } }, response: { 200: binaryOut('El XML del comprobante o de la autorización', 'application/xml') } } },
    async (request, reply) => {
      const invoice = await getInvoice(deps.db, { companyId: ids(request).companyId, id: ids(request).id });
      const format = (request.query as { format?: string }).format ?? 'comprobante';
      const xml = format === 'autorizacion' ? invoice.authorizationXml : invoice.signedXml;
      if (!xml) throw new AppError('UNPROCESSABLE', format === 'autorizacion' ? 'La factura aún no está autorizada por el SRI' : 'La factura aún no ha sido emitida');
      const name = `${format === 'autorizacion' ? 'autorizacion' : 'factura'}-${invoiceNumero(invoice)}.xml`;
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(xml);
    },
  );

  app.get(
    '/api/invoice/:_id/pdf',
    { preHandler: requirePermission('invoice', 'read'), schema: { summary: 'Descargar el RIDE en PDF', params: idParam, querystring: { type: 'object', properties: { download: { type: 'boolean' } } }, response: { 200: binaryOut('El RIDE en PDF', 'application/pdf') } } },
    async (request, reply) => {
      const invoice = await getInvoice(deps.db, { companyId: ids(request).companyId, id: ids(request).id });
      const pdf = await renderInvoiceRide({ db: deps.db, invoice });
      const disposition = (request.query as { download?: boolean }).download ? 'attachment' : 'inline';
      return reply.type('application/pdf').header('content-disposition', `${disposition}; filename="RIDE-${invoiceNumero(invoice)}.pdf"`).send(pdf);
    },
  );

  app.post(
    '/api/invoice/:_id/email',
    {
      preHandler: requirePermission('invoice', 'issue'),
      schema: { summary: 'Enviar la factura autorizada por correo (XML y RIDE)', params: idParam, body: { type: ['object', 'null'], properties: { to: { type: 'string', format: 'email', maxLength: 254 } } }, response: { 200: { type: 'object', properties: { message: { type: 'string' }, to: { type: 'string' } } } } },
    },
    async (request) => {
      const { companyId, id } = ids(request);
      const invoice = await getInvoice(deps.db, { companyId, id });
      if (invoice.status !== 'AUTORIZADA') throw new AppError('INVOICE_LOCKED', 'Solo se envían por correo las facturas autorizadas por el SRI');
      const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
      const to = await sendInvoiceMail({ db: deps.db, mailer: deps.mailer, invoice, company, now: deps.clock(), to: (request.body as { to?: string } | null)?.to });
      return { message: `Factura enviada a ${to}`, to };
    },
  );

  app.get('/api/invoice/:_id/events', { preHandler: requirePermission('invoice', 'read'), schema: { summary: 'Historial de estados de la factura', params: idParam, response: { 200: { type: 'array', items: eventOut } } } }, async (request) => {
    const { companyId, id } = ids(request);
    await getInvoice(deps.db, { companyId, id });
    const rows = await deps.db
      .select()
      .from(comprobanteEvents)
      .where(and(eq(comprobanteEvents.companyId, companyId), eq(comprobanteEvents.comprobanteId, id)))
      .orderBy(asc(comprobanteEvents.at), asc(comprobanteEvents.id));
    return rows.map((e) => ({ at: e.at.toISOString(), userId: e.userId, apiKeyId: e.apiKeyId, from: e.fromStatus, to: e.toStatus, mensajes: e.mensajes, note: e.note }));
  });
}
