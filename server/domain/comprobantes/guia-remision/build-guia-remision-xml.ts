/**
 * GuiaRemisionDocument -> the guía de remisión XML (GuiaRemision_V1.1.0.xsd, element order as the
 * XSD enforces; SRI.md "Other comprobantes"): infoGuiaRemision (issuer, partida, carrier, dates,
 * placa), then destinatarios with their sustento and detalles (codigoInterno?, codigoAdicional?,
 * descripcion, cantidad with 6 decimals). Shared writer (xml/xml-writer.ts); does not validate
 * (issue-comprobante does, against the XSD, before signing).
 */
import { decimalEl, infoAdicionalXml, openComprobante, opt, req } from '../xml/xml-writer.ts';
import type { GuiaDestinatario, GuiaRemisionDocument } from './guia-remision-document.ts';

function destinatarioXml(d: GuiaDestinatario): string {
  let out =
    '<destinatario>' +
    req('identificacionDestinatario', d.identificacionDestinatario) +
    req('razonSocialDestinatario', d.razonSocialDestinatario) +
    req('dirDestinatario', d.dirDestinatario) +
    req('motivoTraslado', d.motivoTraslado) +
    opt('docAduaneroUnico', d.docAduaneroUnico) +
    opt('codEstabDestino', d.codEstabDestino) +
    opt('ruta', d.ruta) +
    opt('codDocSustento', d.codDocSustento) +
    opt('numDocSustento', d.numDocSustento) +
    opt('numAutDocSustento', d.numAutDocSustento) +
    opt('fechaEmisionDocSustento', d.fechaEmisionDocSustento) +
    '<detalles>';
  for (const l of d.detalles) {
    out += '<detalle>' + opt('codigoInterno', l.codigoInterno) + opt('codigoAdicional', l.codigoAdicional) + req('descripcion', l.descripcion) + decimalEl('cantidad', l.cantidad, 6) + '</detalle>';
  }
  return `${out}</detalles></destinatario>`;
}

export function buildGuiaRemisionXml(doc: GuiaRemisionDocument): string {
  const g = doc.infoGuiaRemision;
  return (
    openComprobante('guiaRemision', doc.version, doc.infoTributaria) +
    '<infoGuiaRemision>' +
    opt('dirEstablecimiento', g.dirEstablecimiento) +
    req('dirPartida', g.dirPartida) +
    req('razonSocialTransportista', g.razonSocialTransportista) +
    req('tipoIdentificacionTransportista', g.tipoIdentificacionTransportista) +
    req('rucTransportista', g.rucTransportista) +
    opt('obligadoContabilidad', g.obligadoContabilidad) +
    opt('contribuyenteEspecial', g.contribuyenteEspecial) +
    req('fechaIniTransporte', g.fechaIniTransporte) +
    req('fechaFinTransporte', g.fechaFinTransporte) +
    req('placa', g.placa) +
    '</infoGuiaRemision><destinatarios>' +
    doc.destinatarios.map(destinatarioXml).join('') +
    '</destinatarios>' +
    infoAdicionalXml(doc.infoAdicional) +
    '</guiaRemision>'
  );
}
