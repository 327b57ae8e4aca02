/**
 * CSV import of the resources that have a natural key and `"import": true` in list.json (DESIGN.md
 * §9 "CSV"): `POST /api/<name>/import?mode=all|valid&dryRun=1` with a `text/csv` body ->
 * `{created, updated, errors: [{row, column, message}]}`, and `GET /api/<name>/import/template`, the
 * header row to fill in. Needs both the create and the update permission of the resource.
 */
import type { FastifyInstance } from 'fastify';
import { listFileTitle } from '../../domain/csv/export-file-name.ts';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { RESOURCES } from '../../domain/resources/definitions.ts';
import { importableEntry, importResources } from '../../domain/resources/import-resources.ts';
import { writableFields } from '../../domain/csv/csv-columns.ts';
import { CSV_CONTENT_TYPE, csvText } from '../../domain/csv/write-csv.ts';
import { decodeCsvBody } from '../../http/csv-body.ts';
import { typed } from '../../http/typed.ts';
import { schemasOf } from '../company-schemas.ts';

/** Largest CSV body accepted, bytes (about 50,000 product rows; an import takes at most 10,000). */
export const CSV_BODY_LIMIT = 5 * 1024 * 1024;

const importQuery = {
  type: 'object',
  properties: {
    mode: { type: 'string', enum: ['all', 'valid'], default: 'all', description: 'all: todo o nada; valid: guardar solo las filas válidas' },
    dryRun: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: validar y contar sin guardar (vista previa)' },
  },
} as const;

const importResult = {
  type: 'object',
  required: ['created', 'updated', 'errors'],
  additionalProperties: false,
  properties: {
    created: { type: 'integer' },
    updated: { type: 'integer' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row', 'column', 'message'],
        additionalProperties: false,
        properties: { row: { type: 'integer', description: 'línea del archivo (el encabezado es la 1)' }, column: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const csvResponse = { 200: { description: 'CSV (UTF-8 con BOM)', content: { 'text/csv': { schema: { type: 'string' } } } } } as const;

export async function importRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) => {
    done(null, decodeCsvBody(body as Buffer));
  });
  for (const def of RESOURCES.filter((d) => d.naturalKey)) {
    const permissions = [requirePermission(def.name, 'create'), requirePermission(def.name, 'update')];
    app.post(
      `/api/${def.name}/import`,
      {
        preHandler: permissions,
        bodyLimit: CSV_BODY_LIMIT,
        schema: {
          summary: `Importar ${def.label.split(' ').slice(1).join(' ').toLowerCase()}s desde CSV (vista previa con dryRun=1)`,
          consumes: ['text/csv'],
          querystring: importQuery,
          body: { type: 'string', description: 'CSV (UTF-8, con o sin BOM); la fila de cabecera nombra las propiedades del esquema o sus títulos' },
          response: { 200: importResult },
        },
      },
      async (request) => {
        const ctx = { db: deps.db, companyId: currentUser(request).companyId, consumidorFinalCap: deps.config.consumidorFinalCap };
        return importResources(def, ctx, await schemasOf(fastify, request), { csv: request.body, mode: request.query.mode ?? 'all', dryRun: request.query.dryRun === '1' || request.query.dryRun === 'true' });
      },
    );
    app.get(`/api/${def.name}/import/template`, { preHandler: permissions, schema: { summary: `Plantilla CSV para importar (${def.label.toLowerCase()})`, response: csvResponse } }, async (request, reply) => {
      const entry = importableEntry(def, await schemasOf(fastify, request));
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="plantilla-${listFileTitle(def.name, entry)}.csv"`)
        .send(await csvText(writableFields(entry)));
    });
  }
}
