/**
 * Payments on a document (DESIGN.md §12): `GET|POST /api/{resource}/{_id}/payments` and `DELETE
 * /api/{resource}/{_id}/payments/{paymentId}` for invoice and debit-note (receivables),
 * received-document and purchase-settlement (payables; the latter an extension of the contract).
 * Guarded by the 'payment' permission; registered after the comprobante routes, so a user limited
 * to some emission points gets 404 for another point's documents here too.
 *
 * Company-wide: `GET /api/payments` (cobros and pagos with their documents; `/export` the CSV of
 * payments) and `POST /api/payments/import?mode=all|valid&dryRun=1`, a bank statement as a
 * `text/csv` body (import-payments.ts; the CSV body parser is importRoutes'). Both need the
 * 'payment' permission.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { idParam, noContent } from '../../http/route-schemas.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { PAYMENT_RESOURCES } from '../../domain/payments/payment-documents.ts';
import { recordPayment } from '../../domain/payments/record-payment.ts';
import { deletePayment } from '../../domain/payments/delete-payment.ts';
import { listDocumentPayments } from '../../domain/payments/list-document-payments.ts';
import { listPayments } from '../../domain/payments/list-payments.ts';
import { importPayments } from '../../domain/payments/import-payments.ts';
import { CSV_BODY_LIMIT } from '../resources/import-routes.ts';
import { documentPaymentParams, paymentBody, paymentImportOut, paymentImportQuery, paymentListItemOut, paymentListQuery, paymentOut, recordedPaymentOut } from './payment-schemas.ts';

const NOUN: Record<(typeof PAYMENT_RESOURCES)[number], string> = {
  invoice: 'Factura',
  'debit-note': 'Nota de débito',
  'purchase-settlement': 'Liquidación de compra',
  'received-document': 'Comprobante recibido',
};

export async function paymentRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  app.get('/api/payments', { preHandler: requirePermission('payment', 'read'), schema: { summary: 'Cobros y pagos registrados, con su comprobante', querystring: paymentListQuery, response: { 200: { type: 'array', items: paymentListItemOut } } } }, async (request, reply) => {
    const { items, total } = await listPayments(deps.db, { companyId: currentUser(request).companyId, query: request.query });
    reply.header('x-total-count', String(total));
    return items;
  });
  app.post(
    '/api/payments/import',
    {
      preHandler: requirePermission('payment', 'create'),
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        summary: 'Importar pagos desde un extracto bancario en CSV (número o clave de acceso, fecha, valor, forma de pago, referencia; vista previa con dryRun=1)',
        consumes: ['text/csv'],
        querystring: paymentImportQuery,
        body: { type: 'string', description: 'CSV (UTF-8 o Windows-1252, separado por comas o punto y coma); encabezado: número o clave de acceso, fecha, valor, forma de pago, referencia' },
        response: { 200: paymentImportOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      return importPayments({ db: deps.db, companyId: user.companyId, csv: request.body, mode: request.query.mode ?? 'all', dryRun, ...auditActor(user), now: deps.clock() });
    },
  );
  for (const resource of PAYMENT_RESOURCES) {
    const base = `/api/${resource}/:_id/payments`;
    const noun = NOUN[resource];
    app.get(base, { preHandler: requirePermission('payment', 'read'), schema: { summary: `${noun}: pagos registrados`, params: idParam, response: { 200: { type: 'array', items: paymentOut } } } }, async (request) =>
      listDocumentPayments(deps.db, { companyId: currentUser(request).companyId, resource, id: request.params._id }),
    );
    app.post(
      base,
      {
        preHandler: requirePermission('payment', 'create'),
        schema: { summary: `${noun}: registrar un pago (no puede superar el saldo)`, params: idParam, body: paymentBody, response: { 201: recordedPaymentOut } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const recorded = await recordPayment({ db: deps.db, companyId: user.companyId, resource, id: request.params._id, body: request.body, ...auditActor(user), now: deps.clock() });
        return reply.status(201).send(recorded);
      },
    );
    app.delete(`${base}/:paymentId`, { preHandler: requirePermission('payment', 'delete'), schema: { summary: `${noun}: eliminar un pago`, params: documentPaymentParams, response: { 204: noContent } } }, async (request, reply) => {
      const user = currentUser(request);
      await deletePayment(deps.db, { companyId: user.companyId, resource, id: request.params._id, paymentId: request.params.paymentId, ...auditActor(user), now: deps.clock() });
      return reply.status(204).send();
    });
  }
}
