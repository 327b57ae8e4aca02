/**
 * `GET /api/invoice/{_id}/creditable` (extends DESIGN.md §4): what is left to credit on a factura
 * with notas de crédito, in total and per IVA rate, and its notas (nota-credito/creditable.ts).
 * Amounts USD as numbers rounded to 2 places, like every JSON amount.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { getComprobante } from '../../domain/comprobantes/list-comprobantes.ts';
import { creditableOf } from '../../domain/comprobantes/nota-credito/creditable.ts';
import { idParam } from '../../http/route-schemas.ts';

const amount = { type: 'number' } as const;
const creditableOut = {
  type: 'object',
  properties: {
    importeTotal: amount,
    credited: amount,
    remaining: amount,
    byRate: { type: 'array', items: { type: 'object', properties: { codigoPorcentaje: { type: 'string' }, tarifa: { type: 'string' }, baseImponible: amount, credited: amount, remaining: amount } } },
    notes: {
      type: 'array',
      items: { type: 'object', properties: { _id: { type: 'string' }, numero: { type: ['string', 'null'] }, status: { type: 'string' }, fechaEmision: { type: 'string' }, importeTotal: amount, counted: { type: 'boolean' } } },
    },
  },
} as const;

export async function creditableRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  typed(app).get('/api/invoice/:_id/creditable', { preHandler: requirePermission('invoice', 'read'), schema: { summary: 'Factura: lo que queda por acreditar con notas de crédito (por tarifa de IVA y en total)', params: idParam, response: { 200: creditableOut } } }, async (request) => {
    const { companyId } = currentUser(request);
    const factura = await getComprobante(deps.db, { companyId, id: request.params._id, codDoc: '01' });
    const c = await creditableOf(deps.db, { companyId, factura });
    const n = Number;
    return {
      importeTotal: n(c.importeTotal),
      credited: n(c.credited),
      remaining: n(c.remaining),
      byRate: c.byRate.map((r) => ({ ...r, baseImponible: n(r.baseImponible), credited: n(r.credited), remaining: n(r.remaining) })),
      notes: c.notes.map((x) => ({ ...x, importeTotal: n(x.importeTotal) })),
    };
  });
}
