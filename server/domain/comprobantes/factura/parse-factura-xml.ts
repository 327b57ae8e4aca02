/**
 * The factura XML (signed or not) -> FacturaDocument: the inverse of build-factura-xml.ts. The
 * signed XML is the legal document, so the RIDE of an issued invoice is printed from it and not
 * rebuilt from today's company, establishment and customer rows, which may have changed since.
 */
import type { FacturaDocument } from './factura-document.ts';
import { xmlReader } from '../xml/xml-reader.ts';

const { child, req, optional, root: rootOf, infoTributaria, infoAdicional, pagos, totalConImpuestos, detalles } = xmlReader('de la factura');

/**
 * Reads a factura (any of the versions build-factura-xml writes) into the FacturaDocument it was
 * built from: text as written in the XML (trimmed), decimals as written ("945.00", "1.000000"),
 * fechaEmision as dd/mm/aaaa. The ds:Signature and elements the document type does not model are
 * ignored. A missing codigoPrincipal (optional in the XSD) reads as ''.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `factura`, or a required
 *   element is missing.
 * @example parseFacturaXml(invoice.signedXml).infoFactura.razonSocialComprador // 'María Fernanda Lozada'
 */
export function parseFacturaXml(xml: string): FacturaDocument {
  const root = rootOf(xml, 'factura');
  const f = child(root, 'infoFactura');
  return {
    version: (root.getAttribute('version') ?? '') as FacturaDocument['version'],
    infoTributaria: infoTributaria(root) as FacturaDocument['infoTributaria'],
    infoFactura: {
      fechaEmision: req(f, 'fechaEmision'),
      ...optional(f, ['dirEstablecimiento', 'contribuyenteEspecial']),
      ...(optional(f, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      tipoIdentificacionComprador: req(f, 'tipoIdentificacionComprador') as FacturaDocument['infoFactura']['tipoIdentificacionComprador'],
      ...optional(f, ['guiaRemision']),
      razonSocialComprador: req(f, 'razonSocialComprador'),
      identificacionComprador: req(f, 'identificacionComprador'),
      ...optional(f, ['direccionComprador']),
      totalSinImpuestos: req(f, 'totalSinImpuestos'),
      totalDescuento: req(f, 'totalDescuento'),
      totalConImpuestos: totalConImpuestos(f),
      propina: req(f, 'propina'),
      importeTotal: req(f, 'importeTotal'),
      moneda: req(f, 'moneda') as 'DOLAR',
      pagos: pagos(f),
    },
    detalles: detalles(root),
    ...infoAdicional(root),
  };
}
