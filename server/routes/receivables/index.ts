/**
 * Receivables and payables reports (DESIGN.md §12): `GET /api/reports/receivables?date=` and
 * `/api/reports/payables?date=` (aging per customer / supplier; lists, so each has its `/export`
 * CSV; the totals of every counterpart in the `x-totals` header as JSON), their drill-down
 * `/{counterpart}` (the documents), and the estado de cuenta of a customer:
 * `GET /api/customer/{_id}/statement?from=&to=` (JSON, `?format=pdf`) and `POST …/statement/email`.
 * Guarded by the 'payment' permission.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { binaryOut, idParam } from '../../http/route-schemas.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { agingDocuments, agingReport } from '../../domain/receivables/aging.ts';
import { customerStatement, defaultStatementPeriod } from '../../domain/receivables/customer-statement.ts';
import { emailCustomerStatement, statementPdf } from '../../domain/receivables/email-statement.ts';
import { formaPagoNames } from '../../domain/payments/forma-pago-names.ts';
import { emailOut } from '../comprobantes/comprobante-schemas.ts';
import { agingDocumentOut, agingQuery, agingRowOut, counterpartParams, statementEmailBody, statementEmailQuery, statementOut, statementQuery } from './receivables-schemas.ts';

const SIDES = [
  { side: 'receivable', path: '/api/reports/receivables', noun: 'Cuentas por cobrar', who: 'cliente' },
  { side: 'payable', path: '/api/reports/payables', noun: 'Cuentas por pagar', who: 'proveedor' },
] as const;

export async function receivablesRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const read = requirePermission('payment', 'read');
  const today = () => guayaquilDate(deps.clock());
  for (const s of SIDES) {
    app.get(s.path, { preHandler: read, schema: { summary: `${s.noun}: antigüedad de saldos por ${s.who} (al día, 1–30, 31–60, 61–90, más de 90 días)`, querystring: agingQuery, response: { 200: { type: 'array', items: agingRowOut } } } }, async (request, reply) => {
      const { items, total, totals, date } = await agingReport(deps.db, { companyId: currentUser(request).companyId, side: s.side, query: request.query, today: today() });
      reply.header('x-total-count', String(total)).header('x-totals', JSON.stringify(totals)).header('x-report-date', date);
      return items;
    });
    app.get(`${s.path}/:counterpart`, { preHandler: read, schema: { summary: `${s.noun}: documentos pendientes de un ${s.who}`, params: counterpartParams, querystring: agingQuery, response: { 200: { type: 'array', items: agingDocumentOut } } } }, async (request, reply) => {
      const { items, total } = await agingDocuments(deps.db, { companyId: currentUser(request).companyId, side: s.side, counterpart: request.params.counterpart, query: request.query, today: today() });
      reply.header('x-total-count', String(total));
      return items;
    });
  }

  const period = (q: { from?: string; to?: string }) => {
    const d = defaultStatementPeriod(today());
    return { from: q.from ?? d.from, to: q.to ?? d.to };
  };
  app.get(
    '/api/customer/:_id/statement',
    { preHandler: read, schema: { summary: 'Estado de cuenta de un cliente en un periodo (JSON, o PDF con format=pdf)', params: idParam, querystring: statementQuery, response: { 200: statementOut, '2XX': binaryOut('El estado de cuenta en PDF', 'application/pdf') } } },
    async (request, reply) => {
      const companyId = currentUser(request).companyId;
      const { from, to } = period(request.query);
      if (request.query.format === 'pdf') {
        const { pdf, filename } = await statementPdf(deps.db, { companyId, customerId: request.params._id, from, to, today: today() });
        return reply.type('application/pdf').header('content-disposition', `${request.query.download ? 'attachment' : 'inline'}; filename="${filename}"`).send(pdf);
      }
      return customerStatement(deps.db, { companyId, customerId: request.params._id, from, to, today: today(), formasPago: await formaPagoNames(deps.db) });
    },
  );
  app.post(
    '/api/customer/:_id/statement/email',
    { preHandler: read, schema: { summary: 'Enviar por correo el estado de cuenta (PDF) al cliente', params: idParam, querystring: statementEmailQuery, body: statementEmailBody, response: { 200: emailOut } } },
    async (request) => {
      const { from, to } = period(request.query);
      return emailCustomerStatement(deps.db, deps.mailer, { companyId: currentUser(request).companyId, customerId: request.params._id, from, to, today: today(), recipient: request.body?.to });
    },
  );
}
