/**
 * `/api/received-document` (DESIGN.md §4, §8): the comprobantes this company received, guarded by
 * the 'purchase' permission. List (filters, sort, search; `x-total-count`), get, XML download,
 * delete (none issued on it), and three ways in: `POST {claveAcceso}` (fetched from the SRI
 * authorisation service), `POST {xml}` (the authorised comprobante or the SRI envelope) and
 * `POST /import` (the SRI portal's TXT listing as multipart field `file`, or as a text/plain body).
 * Handlers are thin: the rules live in server/domain/received/.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { SriPort } from '../../sri/sri-port.ts';
import { typed } from '../../http/typed.ts';
import { binaryOut, idParam, noContent } from '../../http/route-schemas.ts';
import { readMultipartFile } from '../../http/multipart-file.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { AppError } from '../../errors.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { decodeTxtListing } from '../../../core/sri-txt-listing.ts';
import { fetchAuthorizedComprobante } from '../../domain/received/fetch-authorized-comprobante.ts';
import { importReceivedDocument } from '../../domain/received/import-received-document.ts';
import { importTxtListing } from '../../domain/received/import-txt-listing.ts';
import { refuseDoctype, unwrapComprobante } from '../../domain/received/read-authorization.ts';
import { confirmReceivedDocument } from '../../domain/received/confirm-received-document.ts';
import { deleteReceivedDocument, getReceivedDocument, getReceivedDocumentRow, listReceivedDocuments } from '../../domain/received/list-received-documents.ts';
import { receivedNumero } from '../../domain/received/received-view.ts';
import { createBody, importBody, importOut, receivedListQuery, receivedOut, receivedSummaryOut } from './received-schemas.ts';
import { xmlQuery } from '../comprobantes/comprobante-schemas.ts';

const BASE = '/api/received-document';
/** Largest TXT listing accepted, bytes (about 20,000 lines; an import takes at most 2,000). */
const TXT_BODY_LIMIT = 5 * 1024 * 1024;
/** Largest JSON body of POST {xml}: an SRI envelope of a 320 KB comprobante, escaped. */
const XML_BODY_LIMIT = 4 * 1024 * 1024;

/** The routes; `sri` is the app's SRI port (the sandbox in tests, celcer/cel otherwise). */
export async function receivedDocumentRoutes(app: FastifyInstance, deps: AppDeps, sri: SriPort): Promise<void> {
  // Encapsulated: the multipart and text parsers below serve only these routes.
  await app.register(async (scope) => routes(scope, deps, sri));
}

async function routes(fastify: FastifyInstance, deps: AppDeps, sri: SriPort): Promise<void> {
  const app = typed(fastify);
  const can = (action: string) => requirePermission('purchase', action);
  const company = (request: Parameters<typeof currentUser>[0]) => currentUser(request).companyId;

  fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: TXT_BODY_LIMIT }, (request, body, done) => {
    readMultipartFile(body as Buffer, String(request.headers['content-type']), 'file').then(
      (file) => done(null, file ? { file: decodeTxtListing(file.bytes) } : {}),
      (err: Error) => done(new AppError('BAD_REQUEST', err.message, { details: [{ path: 'file', message: 'multipart ilegible' }] })),
    );
  });
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('text/plain', { parseAs: 'buffer', bodyLimit: TXT_BODY_LIMIT }, (_request, body, done) => done(null, { file: decodeTxtListing(body as Buffer) }));

  app.get(BASE, { preHandler: can('read'), schema: { summary: 'Comprobantes recibidos: listar (filtros: tipo, fechas, proveedor, retenido)', querystring: receivedListQuery, response: { 200: { type: 'array', items: receivedSummaryOut } } } }, async (request, reply) => {
    const { items, total } = await listReceivedDocuments(deps.db, { companyId: company(request), query: request.query, today: guayaquilDate(deps.clock()) });
    reply.header('x-total-count', String(total));
    return items;
  });

  app.get(`${BASE}/:_id`, { preHandler: can('read'), schema: { summary: 'Comprobante recibido: obtener (totales por tarifa, detalle, retenciones emitidas)', params: idParam, response: { 200: receivedOut } } }, async (request) =>
    getReceivedDocument(deps.db, { companyId: company(request), id: request.params._id, today: guayaquilDate(deps.clock()) }),
  );

  app.post(
    BASE,
    {
      preHandler: can('create'),
      bodyLimit: XML_BODY_LIMIT,
      schema: { summary: 'Registrar un comprobante recibido por clave de acceso (se consulta al SRI) o por su XML', body: createBody, response: { 201: receivedOut } },
    },
    async (request, reply) => {
      const { claveAcceso, xml } = request.body;
      if ((claveAcceso === undefined) === (xml === undefined)) {
        throw new AppError('VALIDATION', 'Envíe la clave de acceso (claveAcceso) o el XML del comprobante (xml), uno de los dos', { details: [{ path: claveAcceso === undefined ? 'claveAcceso' : 'xml', message: 'envíe claveAcceso o xml' }] });
      }
      const clave = claveAcceso?.trim();
      if (xml !== undefined) refuseDoctype(xml);
      const comprobante = clave !== undefined ? await fetchAuthorizedComprobante(sri, clave) : unwrapComprobante(xml!);
      if (xml !== undefined) refuseDoctype(comprobante.xml);
      const row = await importReceivedDocument({ db: deps.db, companyId: company(request), userId: auditActor(currentUser(request)).userId, source: clave !== undefined ? 'clave' : 'xml', comprobante, ...(clave !== undefined ? { claveAcceso: clave } : {}), now: deps.clock() });
      return reply.status(201).send(await getReceivedDocument(deps.db, { companyId: row.companyId, id: row.id }));
    },
  );

  app.post(
    `${BASE}/import`,
    {
      preHandler: can('create'),
      bodyLimit: TXT_BODY_LIMIT,
      schema: { summary: 'Importar el TXT de comprobantes recibidos del portal del SRI (cada clave se consulta al SRI)', consumes: ['multipart/form-data', 'text/plain'], body: importBody, response: { 200: importOut } },
    },
    async (request) =>
      importTxtListing({ db: deps.db, sri, companyId: company(request), userId: auditActor(currentUser(request)).userId, bytes: request.body.file, now: deps.clock, log: (err) => request.log.error({ err }, 'importación TXT: fila fallida') }),
  );

  app.post(
    `${BASE}/:_id/confirm`,
    {
      preHandler: can('create'),
      schema: {
        summary: 'Confirmar con el SRI un comprobante recibido: se consulta su clave al servicio de autorización (desde entonces el XML guardado es el del SRI) y su estado al de consulta',
        params: idParam,
        response: { 200: receivedOut },
      },
    },
    async (request) => {
      const row = await confirmReceivedDocument({ db: deps.db, sri, companyId: company(request), id: request.params._id, now: deps.clock() });
      return getReceivedDocument(deps.db, { companyId: row.row.companyId, id: row.row.id, today: guayaquilDate(deps.clock()) });
    },
  );

  app.get(
    `${BASE}/:_id/xml`,
    { preHandler: can('read'), schema: { summary: 'Comprobante recibido: descargar el XML autorizado (o, con format=autorizacion, el de autorización del SRI)', params: idParam, querystring: xmlQuery, response: { 200: binaryOut('El XML del comprobante recibido', 'application/xml') } } },
    async (request, reply) => {
      const row = await getReceivedDocumentRow(deps.db, { companyId: company(request), id: request.params._id });
      const envelope = request.query.format === 'autorizacion';
      if (envelope && !row.authorizationXml) throw new AppError('UNPROCESSABLE', 'Este comprobante se registró desde su XML, sin la autorización del SRI');
      const name = `${envelope ? 'autorizacion' : 'recibido'}-${row.codDoc}-${receivedNumero(row)}.xml`;
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(envelope ? row.authorizationXml : row.xml);
    },
  );

  app.delete(`${BASE}/:_id`, { preHandler: can('delete'), schema: { summary: 'Eliminar un comprobante recibido (si no se emitió una retención sobre él)', params: idParam, response: { 204: noContent } } }, async (request, reply) => {
    await deleteReceivedDocument(deps.db, { companyId: company(request), id: request.params._id });
    return reply.status(204).send();
  });
}
