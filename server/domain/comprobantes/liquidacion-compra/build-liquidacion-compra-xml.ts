/**
 * LiquidacionCompraDocument -> the liquidación de compra XML (LiquidacionCompra_V1.1.0.xsd, element
 * order as the XSD enforces; shared/sri/SRI.md "Liquidación de compra"): infoTributaria,
 * infoLiquidacionCompra (issuer, proveedor, totals, totalConImpuestos, importeTotal, moneda, pagos?),
 * detalles (codigoPrincipal?, codigoAuxiliar?, descripcion, cantidad and precioUnitario with 6
 * decimals, descuento, precioTotalSinImpuesto, impuestos), infoAdicional. Shared writer
 * (xml/xml-writer.ts); does not validate (issue-comprobante does, against the XSD, before signing).
 */
import { detalleXml, infoAdicionalXml, money, openComprobante, opt, pagosXml, req, totalConImpuestosXml } from '../xml/xml-writer.ts';
import type { LiquidacionCompraDocument } from './liquidacion-compra-document.ts';

/**
 * @returns `<?xml version="1.0" encoding="UTF-8"?><liquidacionCompra id="comprobante" version="1.1.0">…`,
 *   compact (no whitespace between elements), text cleaned and escaped, decimals padded never rounded.
 * @example buildLiquidacionCompraXml(doc) // '<?xml …?><liquidacionCompra id="comprobante" version="1.1.0"><infoTributaria>…'
 */
export function buildLiquidacionCompraXml(doc: LiquidacionCompraDocument): string {
  const l = doc.infoLiquidacionCompra;
  let out =
    openComprobante('liquidacionCompra', doc.version, doc.infoTributaria) +
    '<infoLiquidacionCompra>' +
    req('fechaEmision', l.fechaEmision) +
    opt('dirEstablecimiento', l.dirEstablecimiento) +
    opt('contribuyenteEspecial', l.contribuyenteEspecial) +
    opt('obligadoContabilidad', l.obligadoContabilidad) +
    req('tipoIdentificacionProveedor', l.tipoIdentificacionProveedor) +
    req('razonSocialProveedor', l.razonSocialProveedor) +
    req('identificacionProveedor', l.identificacionProveedor) +
    opt('direccionProveedor', l.direccionProveedor) +
    money('totalSinImpuestos', l.totalSinImpuestos) +
    money('totalDescuento', l.totalDescuento) +
    totalConImpuestosXml(l.totalConImpuestos);
  out += money('importeTotal', l.importeTotal) + opt('moneda', l.moneda) + pagosXml(l.pagos) + '</infoLiquidacionCompra><detalles>';
  for (const d of doc.detalles) out += detalleXml(d, { codes: ['codigoPrincipal', 'codigoAuxiliar'], qtyPlaces: 6 });
  return `${out}</detalles>${infoAdicionalXml(doc.infoAdicional)}</liquidacionCompra>`;
}
