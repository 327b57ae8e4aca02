/**
 * The nota de débito XML (signed or not) -> NotaDebitoDocument, the inverse of
 * build-nota-debito-xml.ts: the RIDE of an issued nota is printed from its signed XML.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `notaDebito`, or a
 *   required element is missing.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import { readNotaHead } from '../nota-parts.ts';

const LABEL = 'de la nota de débito';
import type { NotaDebitoDocument } from './nota-debito-document.ts';

const reader = xmlReader(LABEL);
const { child, req, optional, list, root: rootOf, infoTributaria, infoAdicional, pagos, impuestos, kids } = reader;

export function parseNotaDebitoXml(xml: string): NotaDebitoDocument {
  const root = rootOf(xml, 'notaDebito');
  const n = child(root, 'infoNotaDebito');
  return {
    version: '1.0.0',
    infoTributaria: infoTributaria(root) as NotaDebitoDocument['infoTributaria'],
    infoNotaDebito: {
      ...readNotaHead(reader, n),
      totalSinImpuestos: req(n, 'totalSinImpuestos'),
      impuestos: impuestos(n),
      valorTotal: req(n, 'valorTotal'),
      pagos: pagos(n),
    },
    motivos: list(kids(root, 'motivos')[0], 'motivo').map((m) => ({ razon: req(m, 'razon'), valor: req(m, 'valor') })),
    ...infoAdicional(root),
  };
}
