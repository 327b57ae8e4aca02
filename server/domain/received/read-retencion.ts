/**
 * The comprobante de retención's own parts (codDoc 07), both versions the SRI accepts
 * (shared/sri/xsd/ComprobanteRetencion_V1.0.0.xsd and _V2.0.0.xsd):
 * - 2.0.0: infoCompRetencion/…SujetoRetenido, periodoFiscal; docsSustento/docSustento+ each with
 *   its impuestosDocSustento, retenciones/retencion+ and pagos.
 * - 1.0.0: impuestos/impuesto+ each naming its codDocSustento, numDocSustento and
 *   fechaEmisionDocSustento; grouped here into docsSustento so both versions read alike.
 * The total withheld (Σ valorRetenido, USD) is the document's importeTotal.
 */
import Decimal from 'decimal.js';
import type { Element, xmlReader } from '../comprobantes/xml/xml-reader.ts';
import type { ParsedReceivedDocument } from './received-document.ts';
import type { ReceivedDocSustento, ReceivedRetencion } from '../../../core/received-view.ts';

type Reader = ReturnType<typeof xmlReader>;
const money = (v: Decimal) => v.toFixed(2);

function retencionOf(r: Reader, el: Element): ReceivedRetencion {
  return {
    codigo: r.req(el, 'codigo'),
    codigoRetencion: r.req(el, 'codigoRetencion'),
    baseImponible: r.req(el, 'baseImponible'),
    porcentajeRetener: r.req(el, 'porcentajeRetener'),
    valorRetenido: r.req(el, 'valorRetenido'),
  };
}

function docsSustento200(r: Reader, root: Element): ReceivedDocSustento[] {
  return r.list(r.kids(root, 'docsSustento')[0], 'docSustento').map((d) => ({
    codSustento: r.req(d, 'codSustento'),
    codDocSustento: r.req(d, 'codDocSustento'),
    numDocSustento: r.req(d, 'numDocSustento'),
    ...r.optional(d, ['fechaEmisionDocSustento', 'numAutDocSustento', 'totalSinImpuestos', 'importeTotal']),
    impuestosDocSustento: r.list(r.kids(d, 'impuestosDocSustento')[0], 'impuestoDocSustento').map((i) => ({
      codImpuestoDocSustento: r.req(i, 'codImpuestoDocSustento'),
      codigoPorcentaje: r.req(i, 'codigoPorcentaje'),
      baseImponible: r.req(i, 'baseImponible'),
      tarifa: r.req(i, 'tarifa'),
      valorImpuesto: r.req(i, 'valorImpuesto'),
    })),
    retenciones: r.list(r.kids(d, 'retenciones')[0], 'retencion').map((x) => retencionOf(r, x)),
    pagos: r.pagos(d),
  }));
}

function docsSustento100(r: Reader, root: Element): ReceivedDocSustento[] {
  const byDoc = new Map<string, ReceivedDocSustento>();
  for (const i of r.list(r.kids(root, 'impuestos')[0], 'impuesto')) {
    const codDocSustento = r.req(i, 'codDocSustento');
    const numDocSustento = r.text(i, 'numDocSustento') ?? '';
    const fecha = r.text(i, 'fechaEmisionDocSustento');
    const key = `${codDocSustento}|${numDocSustento}|${fecha ?? ''}`;
    let doc = byDoc.get(key);
    if (!doc) {
      doc = { codDocSustento, numDocSustento, ...(fecha !== undefined ? { fechaEmisionDocSustento: fecha } : {}), retenciones: [] };
      byDoc.set(key, doc);
    }
    doc.retenciones.push(retencionOf(r, i));
  }
  return [...byDoc.values()];
}

/**
 * The retención's buyer fields (the sujeto retenido), totals and detail.
 * @throws AppError UNPROCESSABLE when a required element is missing.
 */
export function readRetencion(r: Reader, root: Element, info: Element): Omit<ParsedReceivedDocument, 'claveAcceso' | 'codDoc' | 'version' | 'ambiente' | 'estab' | 'ptoEmi' | 'secuencial' | 'fechaEmision' | 'rucEmisor' | 'razonSocialEmisor'> {
  const docsSustento = r.kids(root, 'docsSustento').length ? docsSustento200(r, root) : docsSustento100(r, root);
  const totalRetenido = docsSustento.flatMap((d) => d.retenciones).reduce((s, x) => s.plus(x.valorRetenido), new Decimal(0));
  return {
    identificacionComprador: r.req(info, 'identificacionSujetoRetenido'),
    razonSocialComprador: r.req(info, 'razonSocialSujetoRetenido'),
    totalSinImpuestos: '0.00',
    totalDescuento: '0.00',
    totalIva: '0.00',
    importeTotal: money(totalRetenido),
    impuestos: [],
    detail: {
      tipoIdentificacionComprador: r.req(info, 'tipoIdentificacionSujetoRetenido'),
      ...r.optional(info, ['parteRel', 'tipoSujetoRetenido']),
      periodoFiscal: r.req(info, 'periodoFiscal'),
      docsSustento,
      totalRetenido: money(totalRetenido),
    },
  };
}
