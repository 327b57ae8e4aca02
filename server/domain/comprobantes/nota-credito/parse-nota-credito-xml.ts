/**
 * The nota de crédito XML (signed or not) -> NotaCreditoDocument, the inverse of
 * build-nota-credito-xml.ts: the RIDE of an issued nota is printed from its signed XML.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `notaCredito`, or a
 *   required element is missing.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import { readNotaHead } from '../nota-parts.ts';

const LABEL = 'de la nota de crédito';
import type { NotaCreditoDocument } from './nota-credito-document.ts';

const reader = xmlReader(LABEL);
const { child, req, optional, list, root: rootOf, infoTributaria, infoAdicional, impuestos, kids, text } = reader;

export function parseNotaCreditoXml(xml: string): NotaCreditoDocument {
  const root = rootOf(xml, 'notaCredito');
  const n = child(root, 'infoNotaCredito');
  return {
    version: (root.getAttribute('version') ?? '') as NotaCreditoDocument['version'],
    infoTributaria: infoTributaria(root) as NotaCreditoDocument['infoTributaria'],
    infoNotaCredito: {
      ...readNotaHead(reader, n),
      totalSinImpuestos: req(n, 'totalSinImpuestos'),
      valorModificacion: req(n, 'valorModificacion'),
      moneda: 'DOLAR',
      totalConImpuestos: list(kids(n, 'totalConImpuestos')[0], 'totalImpuesto').map((t) => ({
        codigo: req(t, 'codigo'),
        codigoPorcentaje: req(t, 'codigoPorcentaje'),
        baseImponible: req(t, 'baseImponible'),
        valor: req(t, 'valor'),
      })),
      motivo: req(n, 'motivo'),
    },
    detalles: list(kids(root, 'detalles')[0], 'detalle').map((d) => ({
      codigoPrincipal: text(d, 'codigoInterno') ?? '',
      ...(text(d, 'codigoAdicional') !== undefined ? { codigoAuxiliar: text(d, 'codigoAdicional')! } : {}),
      descripcion: req(d, 'descripcion'),
      cantidad: req(d, 'cantidad'),
      precioUnitario: req(d, 'precioUnitario'),
      descuento: optional(d, ['descuento']).descuento ?? '0.00',
      precioTotalSinImpuesto: req(d, 'precioTotalSinImpuesto'),
      impuestos: impuestos(d),
    })),
    ...infoAdicional(root),
  };
}
