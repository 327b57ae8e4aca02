/**
 * The liquidación de compra de bienes y prestación de servicios (codDoc 03, XSD 1.1.0) as a
 * comprobante type (DESIGN.md §4, §7, §8; shared/sri/SRI.md "Liquidación de compra"): issued by the
 * buyer when the seller cannot issue a comprobante (a person without RUC, a non-resident). Drafts
 * in save-liquidacion-compra-draft.ts (supplier instead of customer, IVA only, descuento required);
 * at issue the pagos, when given, must add up to importeTotal; XML, parser and RIDE from this folder.
 * Guarded by the 'purchase' permission (roles seed: CONTADOR keeps the purchase side). Its view
 * gives the proveedor's fields, which the retención editor reads to prefill
 * (`#/purchases/withholding/new?purchaseSettlement=<_id>`).
 */
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import { AppError } from '../../../errors.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { purchaseSettlementSchema } from '../../../schemas/generated/purchase-settlement-schema.ts';
import { assertPagosMatchTotal } from '../factura/factura-rules.ts';
import { buildLiquidacionCompraXml } from './build-liquidacion-compra-xml.ts';
import { parseLiquidacionCompraXml } from './parse-liquidacion-compra-xml.ts';
import { liquidacionCompraRide } from './liquidacion-compra-ride.ts';
import { liquidacionDetail, saveLiquidacionCompraDraft } from './save-liquidacion-compra-draft.ts';
import { toLiquidacionCompraDocument } from './to-liquidacion-compra-document.ts';

export const liquidacionCompra: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['03'],
  formSchema: purchaseSettlementSchema,
  permission: 'purchase',
  saveDraft: saveLiquidacionCompraDraft,
  viewFields(row) {
    const d = liquidacionDetail.read(row);
    return {
      supplier: d.supplier,
      tipoIdentificacionProveedor: d.tipoIdentificacionProveedor,
      identificacionProveedor: d.identificacionProveedor,
      razonSocialProveedor: d.razonSocialProveedor,
      direccionProveedor: d.direccionProveedor ?? null,
    };
  },
  async prepareIssue({ row, company, establishment }) {
    if (row.pagos.length) {
      try {
        assertPagosMatchTotal({ pagos: row.pagos, importeTotal: row.importeTotal });
      } catch (err) {
        // The shared rule speaks of "la factura"; the user is looking at a liquidación.
        if (err instanceof AppError) throw new AppError(err.code, err.message.replace('la factura', 'la liquidación'), { details: err.details });
        throw err;
      }
    }
    return {
      version: COMPROBANTE_TYPE_META['03'].defaultVersion,
      buildXml: (numbering) => buildLiquidacionCompraXml(toLiquidacionCompraDocument({ row, company, establishment, numbering })),
    };
  },
  ride: (signedXml) => liquidacionCompraRide(parseLiquidacionCompraXml(signedXml)),
};
