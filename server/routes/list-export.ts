/**
 * `GET <list>/export` for every list route (DESIGN.md §9 "CSV"), built once here rather than per
 * resource: whenever a route is added that is a list by the contract of list-query.ts — a GET whose
 * querystring takes `page` and `per_page` and whose 200 answer is an array — a twin route
 * `<its path>/export` is added beside it, in the same plugin scope, with the same params, the same
 * route hooks (permission check) and the list's querystring minus paging. So /api/product,
 * /api/invoice, /api/record/{resource}, /api/user and any list added later export with no code.
 *
 * The twin runs the list's own handler page by page (`per_page` = {@link EXPORT_PAGE_SIZE}, so the
 * filters, search, sort and company scope are exactly the list's) and streams each page as CSV
 * (write-csv.ts), with `?format=excel-es` as a CSV for Excel in Spanish (Ecuador) regional settings
 * (`;`, decimal commas, dd/mm/aaaa), or with `?format=xlsx` as an Excel workbook (write-xlsx.ts); the
 * file is named in Spanish (export-file-name.ts: `facturas-2026-11.csv`). Memory holds one page,
 * whatever the number of rows. Columns come from the list's
 * schema (csv-columns.ts), found by its API path; a list without a schema exports the scalar
 * properties of its response schema. The first page is read before the answer starts, so a bad
 * sort or an unknown resource still answers a JSON error; a later failure cuts the download.
 *
 * Contract for list handlers: they return the page's rows (`return items`) and may set headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { columnsFromItemSchema, exportColumns, schemaForPath } from '../domain/csv/csv-columns.ts';
import { CSV_CONTENT_TYPE, csvStream } from '../domain/csv/write-csv.ts';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../domain/csv/write-xlsx.ts';
import { exportFileName } from '../domain/csv/export-file-name.ts';
import type { JsonSchema } from '../domain/resources/schema-values.ts';
import { schemasOf } from './company-schemas.ts';

/** Rows read per query while exporting. */
export const EXPORT_PAGE_SIZE = 1000;

type Row = Record<string, unknown>;
type QuerySchema = { type?: string; properties?: Record<string, unknown>; [key: string]: unknown };

/** The querystring and item schemas of a list route, or null when the route is not a list. */
function listShape(route: RouteOptions): { query: QuerySchema; item: JsonSchema | undefined } | null {
  const methods = [route.method].flat();
  const schema = route.schema as { querystring?: QuerySchema; response?: Record<string, { type?: string; items?: JsonSchema }> } | undefined;
  const props = schema?.querystring?.properties;
  const ok = schema?.response?.['200'] ?? schema?.response?.[200 as unknown as string];
  if (!methods.includes('GET') || !props || !('page' in props) || !('per_page' in props) || ok?.type !== 'array') return null;
  return { query: schema!.querystring!, item: ok.items };
}

/** The route's path with its parameters filled: `/api/record/:resource` -> `/api/record/vehiculo`. */
const concretePath = (url: string, params: unknown) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String((params as Record<string, unknown>)?.[name] ?? '')));

/** The file's media types, for the route documentation; a stream is never serialized. */
const csvResponse = { 200: { description: 'CSV (UTF-8 con BOM; con ?format=excel-es separado por ; con coma decimal), o XLSX con ?format=xlsx', content: { 'text/csv': { schema: { type: 'string' } }, [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } } } };

/** `?format=`: CSV (default), CSV for Excel in Spanish (`;`, decimal commas), or an Excel workbook. */
const formatParam = { type: 'string', enum: ['csv', 'excel-es', 'xlsx'], description: 'csv (por defecto: separado por comas, punto decimal), excel-es (separado por punto y coma, coma decimal, fechas dd/mm/aaaa: Excel en español) o xlsx' };

/**
 * Add the onRoute hook that gives every list route its `/export` twin. Call before the routes.
 * @example registerListExports(app, deps); await resourceRoutes(app, deps);
 */
export function registerListExports(app: FastifyInstance, deps: Pick<AppDeps, 'clock'>): void {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const shape = listShape(route);
    if (!shape) return;
    const { page: _page, per_page: _perPage, ...filters } = shape.query.properties!;
    const list = route.handler as RouteHandlerMethod;
    const routeUrl = route.url;
    this.route({
      method: 'GET',
      url: `${route.routePath}/export`,
      ...(route.onRequest ? { onRequest: route.onRequest } : {}),
      ...(route.preValidation ? { preValidation: route.preValidation } : {}),
      ...(route.preHandler ? { preHandler: route.preHandler } : {}),
      schema: {
        summary: `${(route.schema as { summary?: string } | undefined)?.summary ?? 'Listar'} en CSV o XLSX (filtros y orden de la lista, todas las páginas)`,
        ...((route.schema as { params?: unknown })?.params ? { params: (route.schema as { params?: unknown }).params } : {}),
        querystring: { ...shape.query, properties: { ...filters, format: formatParam } },
        response: csvResponse,
      },
      handler: async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const path = concretePath(routeUrl, request.params);
        // The company's schema: its own columns (Configuración > Pantallas) are exported too.
        const entry = schemaForPath(await schemasOf(this, request), path);
        const columns = entry ? exportColumns(entry) : columnsFromItemSchema(shape.item);
        // The list's handler, told to read page `page`; header calls (x-total-count) go nowhere.
        const quiet = Object.create(reply, { header: { value: () => quiet }, headers: { value: () => quiet } }) as FastifyReply;
        const readPage = async (page: number): Promise<Row[]> => {
          const { format: _format, ...listQuery } = request.query as Record<string, unknown>;
          const paged = Object.create(request, { query: { value: { ...listQuery, page, per_page: EXPORT_PAGE_SIZE }, enumerable: true } }) as FastifyRequest;
          const rows = await list.call(this, paged, quiet);
          if (!Array.isArray(rows)) throw new Error(`La lista ${routeUrl} no devolvió filas; no se puede exportar`);
          return rows as Row[];
        };
        const first = await readPage(1);
        async function* pages() {
          let rows = first;
          for (let page = 2; ; page += 1) {
            yield rows;
            if (rows.length < EXPORT_PAGE_SIZE) return;
            rows = await readPage(page);
          }
        }
        const name = entry?.name ?? path.split('/').filter(Boolean).pop() ?? 'lista';
        const format = (request.query as { format?: string }).format;
        const fileName = (ext: string) => exportFileName({ entry, name, query: request.query as Record<string, unknown>, today: guayaquilDate(deps.clock()), ext });
        if (format === 'xlsx') {
          return reply
            .type(XLSX_CONTENT_TYPE)
            .header('content-disposition', `attachment; filename="${fileName('xlsx')}"`)
            .send(xlsxStream(columns, pages()));
        }
        return reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${fileName('csv')}"`)
          .send(csvStream(columns, pages(), format === 'excel-es' ? 'excel-es' : 'csv'));
      },
    });
  });
}
