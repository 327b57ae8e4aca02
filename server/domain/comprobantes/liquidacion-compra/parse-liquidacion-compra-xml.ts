/**
 * The liquidación de compra XML (signed or not) -> LiquidacionCompraDocument, the inverse of
 * build-liquidacion-compra-xml.ts: the RIDE of an issued liquidación is printed from its signed XML
 * (the legal document), not from today's supplier row.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import type { LiquidacionCompraDocument } from './liquidacion-compra-document.ts';

const { child, req, optional, root: rootOf, infoTributaria, infoAdicional, pagos, totalConImpuestos, detalles } = xmlReader('de la liquidación de compra');

/**
 * Text and decimals as written in the XML ("945.00", "1.000000"), dates dd/mm/aaaa; the
 * ds:Signature and elements Emite does not emit (reembolsos, maquinaFiscal) are ignored.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `liquidacionCompra`, or
 *   a required element is missing.
 * @example parseLiquidacionCompraXml(row.signedXml).infoLiquidacionCompra.razonSocialProveedor // 'José Quishpe'
 */
export function parseLiquidacionCompraXml(xml: string): LiquidacionCompraDocument {
  const root = rootOf(xml, 'liquidacionCompra');
  const l = child(root, 'infoLiquidacionCompra');
  return {
    version: '1.1.0',
    infoTributaria: infoTributaria(root) as LiquidacionCompraDocument['infoTributaria'],
    infoLiquidacionCompra: {
      fechaEmision: req(l, 'fechaEmision'),
      ...optional(l, ['dirEstablecimiento', 'contribuyenteEspecial']),
      ...(optional(l, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      tipoIdentificacionProveedor: req(l, 'tipoIdentificacionProveedor'),
      razonSocialProveedor: req(l, 'razonSocialProveedor'),
      identificacionProveedor: req(l, 'identificacionProveedor'),
      ...optional(l, ['direccionProveedor']),
      totalSinImpuestos: req(l, 'totalSinImpuestos'),
      totalDescuento: req(l, 'totalDescuento'),
      totalConImpuestos: totalConImpuestos(l) as LiquidacionCompraDocument['infoLiquidacionCompra']['totalConImpuestos'],
      importeTotal: req(l, 'importeTotal'),
      ...(optional(l, ['moneda']) as { moneda?: 'DOLAR' }),
      pagos: pagos(l),
    },
    detalles: detalles(root),
    ...infoAdicional(root),
  };
}
