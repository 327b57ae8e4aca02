/**
 * NotaCreditoDocument -> the nota de crédito XML (NotaCredito_V1.0.0/1.1.0.xsd, element order as
 * the XSD enforces; shared/sri/SRI.md "Other comprobantes"). Pure string building with the shared
 * writer (xml/xml-writer.ts): text cleaned and escaped, decimals padded and never rounded.
 * Does not validate: issue-comprobante validates against the XSD before signing.
 * @example buildNotaCreditoXml(doc) // '<?xml version="1.0" encoding="UTF-8"?><notaCredito id="comprobante" version="1.1.0">…'
 */
import { detalleXml, infoAdicionalXml, money, openComprobante, req } from '../xml/xml-writer.ts';
import { notaHeadXml } from '../nota-parts.ts';
import type { NotaCreditoDocument } from './nota-credito-document.ts';

export function buildNotaCreditoXml(doc: NotaCreditoDocument): string {
  const n = doc.infoNotaCredito;
  const qtyPlaces = doc.version === '1.1.0' ? 6 : 2;
  let out =
    openComprobante('notaCredito', doc.version, doc.infoTributaria) +
    '<infoNotaCredito>' +
    notaHeadXml(n) +
    money('totalSinImpuestos', n.totalSinImpuestos) +
    money('valorModificacion', n.valorModificacion) +
    req('moneda', n.moneda) +
    '<totalConImpuestos>';
  for (const t of n.totalConImpuestos) {
    out += '<totalImpuesto>' + req('codigo', t.codigo) + req('codigoPorcentaje', t.codigoPorcentaje) + money('baseImponible', t.baseImponible) + money('valor', t.valor) + '</totalImpuesto>';
  }
  out += '</totalConImpuestos>' + req('motivo', n.motivo) + '</infoNotaCredito><detalles>';
  for (const d of doc.detalles) out += detalleXml(d, { codes: ['codigoInterno', 'codigoAdicional'], qtyPlaces });
  return `${out}</detalles>${infoAdicionalXml(doc.infoAdicional)}</notaCredito>`;
}
