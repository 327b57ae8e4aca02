/**
 * Create or replace a liquidación de compra draft (DESIGN.md §4 `/api/purchase-settlement`: like an
 * invoice with `supplier` instead of `customer`; shared/sri/SRI.md "Liquidación de compra").
 *
 * Body (src/schemas/purchase-settlement/schema.json): `{establishment, ptoEmi, supplier (_id of a
 * `supplier` record of the company), fechaEmision? (YYYY-MM-DD, default today in Guayaquil),
 * detalles: [{product?, codigoPrincipal?, descripcion, cantidad, precioUnitario, descuento (USD,
 * required), codigoPorcentajeIva}], pagos?, infoAdicional?}`. Every total is recomputed on the
 * server with core/totals (decimal arithmetic, IVA only); totals a client sends are ignored.
 *
 * The row: the counterpart columns hold the proveedor (razon_social_comprador,
 * identificacion_comprador: list search and sort), customer_id is null (not a buyer: the dashboard
 * does not count it), and type_detail holds {@link LiquidacionDetail} (the supplier's _id and a
 * snapshot of its SRI fields, written to the XML at issue, and `mailTo`, used by the shared mail).
 * @throws AppError VALIDATION (paths: supplier, detalles.N.descuento, detalles.N.product, ptoEmi…),
 *   NOT_FOUND (another company's draft), INVOICE_LOCKED (not a draft), FORBIDDEN (emission scope).
 */
import { loadSupplier, type SupplierData } from '../supplier-record.ts';
import type { Db } from '../../../db/client.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import type { ComprobanteRow, SaveDraftOptions } from '../comprobante-type.ts';
import { preparedDraftBody, draftHeaderColumns, invalid, priceLines, productsOfLines, resolveEmissionPoint, storedInfoAdicional, storedLine, toStoredPago, totalColumns, writeDraft } from '../draft-parts.ts';
import { purchaseSettlementSchema } from '../../../schemas/generated/purchase-settlement-schema.ts';
import { detailCodec, optionalText, text, textList } from '../type-detail.ts';
import { TIPOS_IDENTIFICACION_PROVEEDOR } from './liquidacion-compra-document.ts';

const COLUMNS = { establishment: 1, ptoEmi: 1, supplier: 1, fechaEmision: 1, detalles: 1, pagos: 1, infoAdicional: 1 };

/** What a liquidación keeps in type_detail: the proveedor as it was when the draft was saved. */
export interface LiquidacionDetail {
  /** The `supplier` record's _id. */
  supplier: string;
  /** SRI tabla 6: 04, 05, 06 or 08. */
  tipoIdentificacionProveedor: string;
  identificacionProveedor: string;
  razonSocialProveedor: string;
  direccionProveedor?: string;
  telefonoProveedor?: string;
  emailProveedor?: string;
  /** Recipients of the authorised comprobante (send-comprobante-mail.ts): the supplier's e-mail. */
  mailTo: string[];
}

/** The liquidación's type_detail, checked (type-detail.ts). */
export const liquidacionDetail = detailCodec<LiquidacionDetail>('la liquidación de compra', {
  type: 'object',
  required: ['supplier', 'tipoIdentificacionProveedor', 'identificacionProveedor', 'razonSocialProveedor', 'mailTo'],
  properties: {
    supplier: text,
    tipoIdentificacionProveedor: text,
    identificacionProveedor: text,
    razonSocialProveedor: text,
    direccionProveedor: optionalText,
    telefonoProveedor: optionalText,
    emailProveedor: optionalText,
    mailTo: textList,
  },
});

/**
 * The company's supplier `id` as a liquidación's proveedor.
 * @throws AppError VALIDATION at `supplier` when it is not the company's, or its identification
 *   type cannot be a liquidación's (consumidor final: the SRI requires the proveedor identified).
 */
async function loadProveedor(db: Db, companyId: string, id: string): Promise<SupplierData> {
  const data = await loadSupplier(db, companyId, id);
  if (!(TIPOS_IDENTIFICACION_PROVEEDOR as readonly string[]).includes(data.tipoIdentificacion)) {
    throw invalid('supplier', 'Una liquidación de compra requiere un proveedor identificado con RUC, cédula, pasaporte o identificación del exterior');
  }
  if (data.identificacion.length > 20) throw invalid('supplier', 'La identificación del proveedor admite hasta 20 caracteres');
  return data;
}

export async function saveLiquidacionCompraDraft(o: SaveDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: purchaseSettlementSchema, columns: COLUMNS });
  const establishment = await resolveEmissionPoint(o.db, { companyId: o.companyId, scope: o.scope, establishmentId: data.establishment, ptoEmi: data.ptoEmi });
  const supplierId = data.supplier;
  const supplier = await loadProveedor(o.db, o.companyId, supplierId);

  const lines = data.detalles;
  const byId = await productsOfLines(o.db, o.companyId, lines);
  const totals = await priceLines(o.db, lines);
  const detalles = lines.map((d, i) => {
    const product = d.product ? byId.get(d.product) : undefined;
    const codigoPrincipal = d.codigoPrincipal?.trim() || product?.codigoPrincipal || '';
    return storedLine({ ...d, codigoPrincipal, codigoAuxiliar: product?.codigoAuxiliar ?? undefined, descripcion: d.descripcion.trim() }, totals.detalles[i]);
  });

  const detail: LiquidacionDetail = {
    supplier: supplierId,
    tipoIdentificacionProveedor: supplier.tipoIdentificacion,
    identificacionProveedor: supplier.identificacion,
    razonSocialProveedor: supplier.razonSocial,
    ...(supplier.direccion?.trim() ? { direccionProveedor: supplier.direccion.trim() } : {}),
    ...(supplier.telefono?.trim() ? { telefonoProveedor: supplier.telefono.trim() } : {}),
    ...(supplier.email?.trim() ? { emailProveedor: supplier.email.trim() } : {}),
    mailTo: supplier.email?.trim() ? [supplier.email.trim()] : [],
  };

  return writeDraft(o.db, {
    companyId: o.companyId,
    codDoc: o.meta.codDoc,
    userId: o.userId,
    id: o.id,
    values: {
      ...draftHeaderColumns({ establishment, ptoEmi: data.ptoEmi, counterpart: { customerId: null, razonSocial: supplier.razonSocial, identificacion: supplier.identificacion } }),
      fechaEmision: data.fechaEmision ?? guayaquilDate(o.now),
      detalles,
      pagos: (data.pagos ?? []).map(toStoredPago),
      infoAdicional: storedInfoAdicional(data.infoAdicional),
      ...totalColumns(totals),
      typeDetail: liquidacionDetail.write(detail),
      extra,
      updatedAt: o.now,
    },
  });
}
