/**
 * `/api/reports/*` (DESIGN.md §11): the monthly close — the ATS and its check, the formularios 104
 * and 103 with their drill-down, the books (lists with `/export` twins: CSV and `?format=xlsx`),
 * the month's archive and the ATS settings. Guarded by the 'report' permission (SUPERADMIN, ADMIN,
 * CONTADOR): every path answers 403 to any other role. Handlers are thin: server/domain/reports/.
 */
import type { FastifyInstance } from 'fastify';
import { zipSync, strToU8 } from 'fflate';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { binaryOut } from '../../http/route-schemas.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { parsePeriod } from '../../domain/reports/period.ts';
import { checkAts } from '../../domain/reports/check-ats.ts';
import { produceAts } from '../../domain/reports/produce-ats.ts';
import { casilleroDocuments, formReport, type FormName } from '../../domain/reports/form-report.ts';
import { readAtsSettings, updateAtsSettings } from '../../domain/reports/ats-settings-store.ts';
import { archiveFileName, monthArchive } from '../../domain/reports/month-archive.ts';
import { bookFilters, bookQuerySchema, type BookQuery } from '../../domain/reports/books/book-query.ts';
import { salesBook } from '../../domain/reports/books/sales-book.ts';
import { purchasesBook } from '../../domain/reports/books/purchases-book.ts';
import { withholdingsIssuedBook, withholdingsReceivedBook } from '../../domain/reports/books/withholdings-books.ts';
import type { AtsSettings } from '../../../core/ats-settings.ts';
import { obligationsRoute } from './obligations-route.ts';
import { archiveQuery, atsQuery, atsSettingsSchema, bookRowOut, casilleroOut, casilleroParams, checkOut, formOut, periodQuery, withholdingRowOut } from './report-schemas.ts';

const BASE = '/api/reports';

export async function reportRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  await obligationsRoute(fastify, deps);
  const app = typed(fastify);
  const read = requirePermission('report', 'read');
  const company = (request: Parameters<typeof currentUser>[0]) => currentUser(request).companyId;

  app.get(`${BASE}/ats`, { preHandler: read, schema: { summary: 'ATS del mes (ATmmaaaa.xml), validado contra el XSD del SRI; ?zip=1 dentro de un zip', querystring: atsQuery, response: { 200: binaryOut('El ATS (XML) o un zip con él', 'application/xml', 'application/zip') } } }, async (request, reply) => {
    const { fileName, xml } = await produceAts(deps.db, { companyId: company(request), period: parsePeriod(request.query.period) });
    if (request.query.zip === '1' || request.query.zip === 'true') {
      const zip = Buffer.from(zipSync({ [fileName]: strToU8(xml) }, { level: 6 }));
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName.replace(/\.xml$/, '.zip')}"`).send(zip);
    }
    return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(xml);
  });

  app.get(`${BASE}/ats/check`, { preHandler: read, schema: { summary: 'Revisión del ATS del mes: qué corregir primero, con el documento de cada problema', querystring: periodQuery, response: { 200: checkOut } } }, async (request) =>
    checkAts(deps.db, { companyId: company(request), period: parsePeriod(request.query.period) }),
  );

  app.get(`${BASE}/ats/settings`, { preHandler: read, schema: { summary: 'Configuración del ATS de la empresa (lecturas donde las fuentes difieren)', response: { 200: atsSettingsSchema } } }, async (request) =>
    readAtsSettings(deps.db, { companyId: company(request) }),
  );

  app.put(`${BASE}/ats/settings`, { preHandler: requirePermission('report', 'update'), schema: { summary: 'Cambiar la configuración del ATS de la empresa', body: atsSettingsSchema, response: { 200: atsSettingsSchema } } }, async (request) =>
    updateAtsSettings(deps.db, { companyId: company(request), settings: request.body as AtsSettings }),
  );

  for (const form of ['104', '103'] as FormName[]) {
    app.get(`${BASE}/form-${form}`, { preHandler: read, schema: { summary: `Formulario ${form} del mes: casilleros con valores y número de documentos`, querystring: periodQuery, response: { 200: formOut } } }, async (request) =>
      formReport(deps.db, { companyId: company(request), period: parsePeriod(request.query.period), form }),
    );
    app.get(`${BASE}/form-${form}/:codigo`, { preHandler: read, schema: { summary: `Formulario ${form}: los documentos de un casillero`, params: casilleroParams, querystring: periodQuery, response: { 200: casilleroOut } } }, async (request) =>
      casilleroDocuments(deps.db, { companyId: company(request), period: parsePeriod(request.query.period), form, codigo: request.params.codigo }),
    );
  }

  const books = [
    { path: 'sales-book', summary: 'Libro de ventas: facturas, notas de crédito y de débito autorizadas', item: bookRowOut, run: salesBook },
    { path: 'purchases-book', summary: 'Libro de compras: comprobantes recibidos confirmados y liquidaciones de compra', item: bookRowOut, run: purchasesBook },
    { path: 'withholdings-issued', summary: 'Retenciones emitidas, una fila por impuesto retenido', item: withholdingRowOut, run: withholdingsIssuedBook },
    { path: 'withholdings-received', summary: 'Retenciones recibidas de clientes, una fila por impuesto retenido', item: withholdingRowOut, run: withholdingsReceivedBook },
  ] as const;
  for (const book of books) {
    app.get(`${BASE}/${book.path}`, { preHandler: read, schema: { summary: book.summary, querystring: bookQuerySchema, response: { 200: { type: 'array', items: book.item } } } }, async (request, reply) => {
      const query = request.query as BookQuery;
      const filters = await bookFilters(deps.db, company(request), query);
      const { items, total } = await book.run(deps.db, filters, query);
      reply.header('x-total-count', String(total));
      return items;
    });
  }

  app.get(`${BASE}/archive`, { preHandler: read, schema: { summary: 'Archivo del mes: zip con el XML autorizado y el RIDE de cada comprobante emitido y recibido, por tipo (?ride=0: solo los XML)', querystring: archiveQuery, response: { 200: binaryOut('Zip con carpetas emitidos/ y recibidos/', 'application/zip') } } }, async (request, reply) => {
    const period = parsePeriod(request.query.period);
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${archiveFileName(period)}"`).send(monthArchive(deps.db, { companyId: company(request), period, rides: request.query.ride !== '0' }));
  });
}
