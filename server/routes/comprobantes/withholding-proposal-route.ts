/**
 * `GET /api/withholding/proposal?receivedDocument=<_id>` (or `?purchaseSettlement=<_id>`; extends
 * DESIGN.md §4): the retención a received factura or an own liquidación de compra calls for, as a
 * draft body to confirm — the docSustento and the renta and IVA withholdings from the supplier's
 * default codes at the rates in force today (comprobante-retencion/propose-retencion.ts). Amounts
 * USD as numbers, percent as numbers. Permission purchase/read.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { proposeRetencion } from '../../domain/comprobantes/comprobante-retencion/propose-retencion.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { AppError } from '../../errors.ts';

const uuid = { type: 'string', format: 'uuid' } as const;

export async function withholdingProposalRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  typed(app).get(
    '/api/withholding/proposal',
    {
      preHandler: requirePermission('purchase', 'read'),
      schema: {
        summary: 'Comprobante de retención: propuesta desde un comprobante recibido o una liquidación de compra (sustento, códigos y bases)',
        querystring: { type: 'object', properties: { receivedDocument: uuid, purchaseSettlement: uuid } },
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async (request) => {
      const { receivedDocument, purchaseSettlement } = request.query;
      if (!receivedDocument === !purchaseSettlement) throw new AppError('VALIDATION', 'Indique receivedDocument o purchaseSettlement (uno de los dos)', { details: [{ path: 'receivedDocument', message: 'uno de los dos' }] });
      const proposal = await proposeRetencion(deps.db, { companyId: currentUser(request).companyId, receivedDocument, purchaseSettlement, fechaEmision: guayaquilDate(deps.clock()) });
      return { ...proposal };
    },
  );
}
