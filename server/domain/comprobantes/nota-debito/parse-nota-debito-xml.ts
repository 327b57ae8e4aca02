/**
 * The nota de débito XML (signed or not) -> NotaDebitoDocument, the inverse of
 * build-nota-debito-xml.ts: the RIDE of an issued nota is printed from its signed XML.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `notaDebito`, or a
 *   required element is missing.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import type { NotaDebitoDocument } from './nota-debito-document.ts';

const { child, req, optional, list, root: rootOf, infoTributaria, infoAdicional, pagos, impuestos, kids } = xmlReader('de la nota de débito');

export function parseNotaDebitoXml(xml: string): NotaDebitoDocument {
  const root = rootOf(xml, 'notaDebito');
  const n = child(root, 'infoNotaDebito');
  return {
    version: '1.0.0',
    infoTributaria: infoTributaria(root) as NotaDebitoDocument['infoTributaria'],
    infoNotaDebito: {
      fechaEmision: req(n, 'fechaEmision'),
      ...optional(n, ['dirEstablecimiento', 'contribuyenteEspecial']),
      ...(optional(n, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      tipoIdentificacionComprador: req(n, 'tipoIdentificacionComprador'),
      razonSocialComprador: req(n, 'razonSocialComprador'),
      identificacionComprador: req(n, 'identificacionComprador'),
      codDocModificado: req(n, 'codDocModificado'),
      numDocModificado: req(n, 'numDocModificado'),
      fechaEmisionDocSustento: req(n, 'fechaEmisionDocSustento'),
      totalSinImpuestos: req(n, 'totalSinImpuestos'),
      impuestos: impuestos(n),
      valorTotal: req(n, 'valorTotal'),
      pagos: pagos(n),
    },
    motivos: list(kids(root, 'motivos')[0], 'motivo').map((m) => ({ razon: req(m, 'razon'), valor: req(m, 'valor') })),
    ...infoAdicional(root),
  };
}
