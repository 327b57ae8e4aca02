/**
 * NotaDebitoDocument -> the nota de débito XML (NotaDebito_V1.0.0.xsd, element order as the XSD
 * enforces; shared/sri/SRI.md "Other comprobantes"): infoNotaDebito with its taxes, valorTotal and
 * pagos, then motivos (razón, valor); no detalles. Shared writer (xml/xml-writer.ts); does not
 * validate (issue-comprobante does, against the XSD, before signing).
 */
import { impuestosXml, infoAdicionalXml, money, openComprobante, pagosXml, req } from '../xml/xml-writer.ts';
import { notaHeadXml } from '../nota-parts.ts';
import type { NotaDebitoDocument } from './nota-debito-document.ts';

export function buildNotaDebitoXml(doc: NotaDebitoDocument): string {
  const n = doc.infoNotaDebito;
  let out =
    openComprobante('notaDebito', doc.version, doc.infoTributaria) +
    '<infoNotaDebito>' +
    notaHeadXml(n) +
    money('totalSinImpuestos', n.totalSinImpuestos) +
    impuestosXml(n.impuestos) +
    money('valorTotal', n.valorTotal) +
    pagosXml(n.pagos) +
    '</infoNotaDebito><motivos>';
  for (const m of doc.motivos) out += '<motivo>' + req('razon', m.razon) + money('valor', m.valor) + '</motivo>';
  return `${out}</motivos>${infoAdicionalXml(doc.infoAdicional)}</notaDebito>`;
}
