/**
 * ComprobanteRetencionDocument -> the comprobante de retención XML (ComprobanteRetencion_V2.0.0.xsd,
 * element order as the XSD enforces; SRI.md "Comprobante de retención"): infoCompRetencion (issuer,
 * sujeto retenido, periodoFiscal), then docsSustento, each with its taxes, retenciones and pagos.
 * Shared writer (xml/xml-writer.ts); does not validate (issue-comprobante does, against the XSD,
 * before signing).
 */
import { decimalEl, infoAdicionalXml, money, openComprobante, opt, req } from '../xml/xml-writer.ts';
import type { ComprobanteRetencionDocument, DocSustento } from './comprobante-retencion-document.ts';

/** A percent (tarifa, porcentajeRetener) as the XSD takes it: at most 2 decimals, no padding ("2", "1.75"). */
const percentEl = (name: string, value: string) => `<${name}>${value.includes('.') ? value.replace(/\.?0+$/, '') : value}</${name}>`;

function docSustentoXml(d: DocSustento): string {
  let out =
    '<docSustento>' +
    req('codSustento', d.codSustento) +
    req('codDocSustento', d.codDocSustento) +
    req('numDocSustento', d.numDocSustento) +
    req('fechaEmisionDocSustento', d.fechaEmisionDocSustento) +
    opt('fechaRegistroContable', d.fechaRegistroContable) +
    opt('numAutDocSustento', d.numAutDocSustento) +
    req('pagoLocExt', d.pagoLocExt) +
    money('totalSinImpuestos', d.totalSinImpuestos) +
    money('importeTotal', d.importeTotal) +
    '<impuestosDocSustento>';
  for (const i of d.impuestosDocSustento) {
    out += '<impuestoDocSustento>' + req('codImpuestoDocSustento', i.codImpuestoDocSustento) + req('codigoPorcentaje', i.codigoPorcentaje) + money('baseImponible', i.baseImponible) + percentEl('tarifa', i.tarifa) + money('valorImpuesto', i.valorImpuesto) + '</impuestoDocSustento>';
  }
  out += '</impuestosDocSustento><retenciones>';
  for (const r of d.retenciones) {
    out += '<retencion>' + req('codigo', r.codigo) + req('codigoRetencion', r.codigoRetencion) + money('baseImponible', r.baseImponible) + percentEl('porcentajeRetener', r.porcentajeRetener) + decimalEl('valorRetenido', r.valorRetenido, 2) + '</retencion>';
  }
  out += '</retenciones><pagos>';
  for (const p of d.pagos) out += '<pago>' + req('formaPago', p.formaPago) + money('total', p.total) + '</pago>';
  return `${out}</pagos></docSustento>`;
}

export function buildComprobanteRetencionXml(doc: ComprobanteRetencionDocument): string {
  const c = doc.infoCompRetencion;
  return (
    openComprobante('comprobanteRetencion', doc.version, doc.infoTributaria) +
    '<infoCompRetencion>' +
    req('fechaEmision', c.fechaEmision) +
    opt('dirEstablecimiento', c.dirEstablecimiento) +
    opt('contribuyenteEspecial', c.contribuyenteEspecial) +
    opt('obligadoContabilidad', c.obligadoContabilidad) +
    req('tipoIdentificacionSujetoRetenido', c.tipoIdentificacionSujetoRetenido) +
    opt('tipoSujetoRetenido', c.tipoSujetoRetenido) +
    req('parteRel', c.parteRel) +
    req('razonSocialSujetoRetenido', c.razonSocialSujetoRetenido) +
    req('identificacionSujetoRetenido', c.identificacionSujetoRetenido) +
    req('periodoFiscal', c.periodoFiscal) +
    '</infoCompRetencion><docsSustento>' +
    doc.docsSustento.map(docSustentoXml).join('') +
    '</docsSustento>' +
    infoAdicionalXml(doc.infoAdicional) +
    '</comprobanteRetencion>'
  );
}
