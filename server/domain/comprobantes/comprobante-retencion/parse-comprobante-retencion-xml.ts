/**
 * The comprobante de retención XML 2.0.0 (signed or not) -> ComprobanteRetencionDocument, the
 * inverse of build-comprobante-retencion-xml.ts: the RIDE of an issued retención is printed from
 * its signed XML (the legal document).
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `comprobanteRetencion`,
 *   or a required element is missing.
 */
import { xmlReader } from '../xml/xml-reader.ts';
import type { ComprobanteRetencionDocument } from './comprobante-retencion-document.ts';

const reader = xmlReader('del comprobante de retención');
const { child, req, optional, list, root: rootOf, infoTributaria, infoAdicional, kids } = reader;

export function parseComprobanteRetencionXml(xml: string): ComprobanteRetencionDocument {
  const root = rootOf(xml, 'comprobanteRetencion');
  const c = child(root, 'infoCompRetencion');
  return {
    version: '2.0.0',
    infoTributaria: infoTributaria(root) as ComprobanteRetencionDocument['infoTributaria'],
    infoCompRetencion: {
      fechaEmision: req(c, 'fechaEmision'),
      ...optional(c, ['dirEstablecimiento', 'contribuyenteEspecial', 'tipoSujetoRetenido']),
      ...(optional(c, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      tipoIdentificacionSujetoRetenido: req(c, 'tipoIdentificacionSujetoRetenido'),
      parteRel: req(c, 'parteRel') as 'SI' | 'NO',
      razonSocialSujetoRetenido: req(c, 'razonSocialSujetoRetenido'),
      identificacionSujetoRetenido: req(c, 'identificacionSujetoRetenido'),
      periodoFiscal: req(c, 'periodoFiscal'),
    },
    docsSustento: list(child(root, 'docsSustento'), 'docSustento').map((d) => ({
      codSustento: req(d, 'codSustento'),
      codDocSustento: req(d, 'codDocSustento'),
      numDocSustento: req(d, 'numDocSustento'),
      fechaEmisionDocSustento: req(d, 'fechaEmisionDocSustento'),
      ...optional(d, ['fechaRegistroContable', 'numAutDocSustento']),
      pagoLocExt: req(d, 'pagoLocExt') as '01' | '02',
      totalSinImpuestos: req(d, 'totalSinImpuestos'),
      importeTotal: req(d, 'importeTotal'),
      impuestosDocSustento: list(kids(d, 'impuestosDocSustento')[0], 'impuestoDocSustento').map((i) => ({
        codImpuestoDocSustento: req(i, 'codImpuestoDocSustento'),
        codigoPorcentaje: req(i, 'codigoPorcentaje'),
        baseImponible: req(i, 'baseImponible'),
        tarifa: req(i, 'tarifa'),
        valorImpuesto: req(i, 'valorImpuesto'),
      })),
      retenciones: list(kids(d, 'retenciones')[0], 'retencion').map((r) => ({
        codigo: req(r, 'codigo'),
        codigoRetencion: req(r, 'codigoRetencion'),
        baseImponible: req(r, 'baseImponible'),
        porcentajeRetener: req(r, 'porcentajeRetener'),
        valorRetenido: req(r, 'valorRetenido'),
      })),
      pagos: list(kids(d, 'pagos')[0], 'pago').map((p) => ({ formaPago: req(p, 'formaPago'), total: req(p, 'total') })),
    })),
    ...infoAdicional(root),
  };
}
