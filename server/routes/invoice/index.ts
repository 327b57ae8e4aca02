/** `/api/invoice`: drafts (list with filters, get, POST, PUT, DELETE); issuing lives beside it. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { deleteInvoiceDraft, getInvoice, INVOICE_STATUSES, listInvoices, type InvoiceListQuery } from '../../domain/comprobantes/list-comprobantes.ts';
import { saveInvoiceDraft } from '../../domain/comprobantes/factura/save-factura-draft.ts';
import { toInvoiceView } from '../../domain/comprobantes/comprobante-view.ts';
import { idParam } from '../resources/index.ts';
import { noContent } from '../../http/route-schemas.ts';

const invoiceOut = { type: 'object', additionalProperties: true } as const;
const text = { type: ['string', 'null'] } as const;
const amount = { type: ['number', 'null'] } as const;
/**
 * A list row (toInvoiceSummary): declared so fast-json-stringify writes the known fields without
 * reflection; schema-added fields (`extra`) still pass through.
 */
const invoiceSummaryOut = {
  type: 'object',
  additionalProperties: true,
  properties: {
    _id: { type: 'string' },
    establishment: text,
    estab: text,
    ptoEmi: text,
    codDoc: text,
    customer: text,
    razonSocialComprador: text,
    identificacionComprador: text,
    fechaEmision: text,
    totalSinImpuestos: amount,
    totalDescuento: amount,
    totalIva: amount,
    importeTotal: amount,
    status: text,
    secuencial: text,
    numero: text,
    claveAcceso: text,
    ambiente: text,
    numeroAutorizacion: text,
    fechaAutorizacion: text,
    mensajes: {
      type: 'array',
      items: { type: 'object', properties: { identificador: { type: 'string' }, mensaje: { type: 'string' }, informacionAdicional: { type: 'string' }, tipo: { type: 'string' } } },
    },
    emailedAt: text,
    issuedAt: text,
    createdAt: text,
    updatedAt: text,
  },
} as const;
const date = { type: 'string', format: 'date' } as const;

export async function invoiceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/api/invoice',
    {
      preHandler: requirePermission('invoice', 'read'),
      schema: {
        summary: 'Listar las facturas (filtros: estado, fechas, cliente)',
        querystring: {
          ...listQuerySchema,
          properties: {
            ...listQuerySchema.properties,
            status: { type: 'string', pattern: `^(${INVOICE_STATUSES.join('|')})(,(${INVOICE_STATUSES.join('|')}))*$` },
            from: date,
            to: date,
            customer: { type: 'string', format: 'uuid' },
          },
        },
        response: { 200: { type: 'array', items: invoiceSummaryOut } },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { items, total } = await listInvoices(deps.db, { companyId: user.companyId, query: request.query as InvoiceListQuery, scope: user.emissionScope });
      reply.header('x-total-count', String(total));
      return items;
    },
  );
  app.get('/api/invoice/:_id', { preHandler: requirePermission('invoice', 'read'), schema: { summary: 'Obtener una factura', params: idParam, response: { 200: invoiceOut } } }, async (request) =>
    toInvoiceView(await getInvoice(deps.db, { companyId: currentUser(request).companyId, id: (request.params as { _id: string })._id })),
  );
  const save = (request: Parameters<typeof currentUser>[0], id?: string) => {
    const user = currentUser(request);
    return saveInvoiceDraft({ db: deps.db, companyId: user.companyId, userId: auditActor(user).userId, scope: user.emissionScope, schemas: deps.schemas, consumidorFinalCap: deps.config.consumidorFinalCap, now: deps.clock(), body: request.body, id });
  };
  app.post('/api/invoice', { preHandler: requirePermission('invoice', 'create'), schema: { summary: 'Crear un borrador de factura', response: { 201: invoiceOut } } }, async (request, reply) =>
    reply.status(201).send(await save(request)),
  );
  app.put('/api/invoice/:_id', { preHandler: requirePermission('invoice', 'update'), schema: { summary: 'Modificar un borrador de factura', params: idParam, response: { 200: invoiceOut } } }, async (request) =>
    save(request, (request.params as { _id: string })._id),
  );
  app.delete('/api/invoice/:_id', { preHandler: requirePermission('invoice', 'delete'), schema: { summary: 'Eliminar un borrador de factura', params: idParam, response: { 204: noContent } } }, async (request, reply) => {
    await deleteInvoiceDraft(deps.db, { companyId: currentUser(request).companyId, id: (request.params as { _id: string })._id });
    return reply.status(204).send();
  });
}
