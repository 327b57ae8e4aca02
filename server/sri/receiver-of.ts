/**
 * Who receives a comprobante, read from its XML (SRI XSDs, shared/sri/xsd): the buyer of a factura,
 * nota de crédito or nota de débito (tipoIdentificacionComprador), the sujeto retenido of a
 * retención (tipoIdentificacionSujetoRetenido), the proveedor of a liquidación de compra
 * (tipoIdentificacionProveedor). A guía de remisión has no single receiver. The anulación rules
 * depend on it (core/annulment-rules.ts: consumidor final, passport or foreign receivers).
 */
import { metaByRoot } from '../../core/comprobante-types.ts';
import { kids, parseXml, textOf } from './xml-dom.ts';

const FIELDS: Record<string, [tipo: string, identificacion: string]> = {
  '01': ['tipoIdentificacionComprador', 'identificacionComprador'],
  '04': ['tipoIdentificacionComprador', 'identificacionComprador'],
  '05': ['tipoIdentificacionComprador', 'identificacionComprador'],
  '07': ['tipoIdentificacionSujetoRetenido', 'identificacionSujetoRetenido'],
  '03': ['tipoIdentificacionProveedor', 'identificacionProveedor'],
};

/**
 * @returns the codDoc and, when the type has one, the receiver's SRI tabla 6 type and identification;
 *   `{}` for XML that cannot be read (callers then apply the general rule).
 * @example receiverOf(signedRetencion) // { codDoc: '07', tipoIdentificacion: '04', identificacion: '1790016919001' }
 */
export function receiverOf(xml: string): { codDoc?: string; tipoIdentificacion?: string; identificacion?: string } {
  try {
    const root = parseXml(xml);
    const meta = metaByRoot(root.localName ?? '');
    if (!meta) return {};
    const fields = FIELDS[meta.codDoc];
    const info = kids(root, meta.infoElement)[0];
    if (!fields || !info) return { codDoc: meta.codDoc };
    const tipoIdentificacion = textOf(info, fields[0]);
    const identificacion = textOf(info, fields[1]);
    return { codDoc: meta.codDoc, ...(tipoIdentificacion ? { tipoIdentificacion } : {}), ...(identificacion ? { identificacion } : {}) };
  } catch {
    return {};
  }
}
