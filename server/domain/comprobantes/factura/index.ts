/**
 * The factura (codDoc 01) as a comprobante type: draft rules (save-factura-draft.ts), issue rules
 * (factura-rules.ts), XML (to-factura-document.ts, build-factura-xml.ts), RIDE (parse-factura-xml.ts,
 * factura-ride.ts). Source: SRI ficha técnica offline, factura 1.0.0–2.1.0.
 */
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import { AppError } from '../../../errors.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { invoiceSchema } from '../../../schemas/generated/invoice-schema.ts';
import { assertConsumidorFinalCap, assertPagosMatchTotal } from './factura-rules.ts';
import { buildFacturaXml } from './build-factura-xml.ts';
import { toFacturaDocument } from './to-factura-document.ts';
import { parseFacturaXml } from './parse-factura-xml.ts';
import { facturaRide } from './factura-ride.ts';
import { saveInvoiceDraft } from './save-factura-draft.ts';

export const factura: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['01'],
  formSchema: invoiceSchema,
  permission: 'invoice',
  saveDraft: saveInvoiceDraft,
  async prepareIssue({ row, company, establishment, customer, consumidorFinalCap }) {
    assertPagosMatchTotal({ pagos: row.pagos, importeTotal: row.importeTotal });
    if (!customer) throw new AppError('VALIDATION', 'El cliente de la factura ya no existe', { details: [{ path: 'customer', message: 'no existe' }] });
    // Again at issue: the buyer may have become a consumidor final, or the cap changed, since the draft was saved.
    assertConsumidorFinalCap({ tipoIdentificacion: customer.tipoIdentificacion, importeTotal: row.importeTotal, cap: consumidorFinalCap });
    return {
      version: company.facturaVersion,
      buildXml: ({ claveAcceso, secuencial, ambiente }) => buildFacturaXml(toFacturaDocument({ invoice: row, company, establishment, customer, claveAcceso, secuencial, ambiente })),
    };
  },
  ride: (signedXml) => facturaRide(parseFacturaXml(signedXml)),
};
