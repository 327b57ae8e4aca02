/**
 * The guía de remisión XML (signed or not) -> GuiaRemisionDocument, the inverse of
 * build-guia-remision-xml.ts: the RIDE of an issued guía is printed from its signed XML.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `guiaRemision`, or a
 *   required element is missing.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import type { GuiaRemisionDocument } from './guia-remision-document.ts';

const reader = xmlReader('de la guía de remisión');
const { child, req, optional, list, root: rootOf, infoTributaria, infoAdicional, kids } = reader;

export function parseGuiaRemisionXml(xml: string): GuiaRemisionDocument {
  const root = rootOf(xml, 'guiaRemision');
  const g = child(root, 'infoGuiaRemision');
  return {
    version: '1.1.0',
    infoTributaria: infoTributaria(root) as GuiaRemisionDocument['infoTributaria'],
    infoGuiaRemision: {
      ...optional(g, ['dirEstablecimiento', 'contribuyenteEspecial']),
      ...(optional(g, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      dirPartida: req(g, 'dirPartida'),
      razonSocialTransportista: req(g, 'razonSocialTransportista'),
      tipoIdentificacionTransportista: req(g, 'tipoIdentificacionTransportista'),
      rucTransportista: req(g, 'rucTransportista'),
      fechaIniTransporte: req(g, 'fechaIniTransporte'),
      fechaFinTransporte: req(g, 'fechaFinTransporte'),
      placa: req(g, 'placa'),
    },
    destinatarios: list(child(root, 'destinatarios'), 'destinatario').map((d) => ({
      identificacionDestinatario: req(d, 'identificacionDestinatario'),
      razonSocialDestinatario: req(d, 'razonSocialDestinatario'),
      dirDestinatario: req(d, 'dirDestinatario'),
      motivoTraslado: req(d, 'motivoTraslado'),
      ...optional(d, ['docAduaneroUnico', 'codEstabDestino', 'ruta', 'codDocSustento', 'numDocSustento', 'numAutDocSustento', 'fechaEmisionDocSustento']),
      detalles: list(kids(d, 'detalles')[0], 'detalle').map((l) => ({ ...optional(l, ['codigoInterno', 'codigoAdicional']), descripcion: req(l, 'descripcion'), cantidad: req(l, 'cantidad') })),
    })),
    ...infoAdicional(root),
  };
}
