/**
 * The authorised comprobante as the SRI hands it out (and as buyers and accounting systems import
 * it): `<autorizacion>` with estado, numeroAutorizacion, fechaAutorizacion, ambiente and the signed
 * XML in CDATA (SRI web service AutorizacionComprobantesOffline, element `autorizacion`).
 */
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function authorizationDocument(p: {
  estado: string;
  numeroAutorizacion?: string;
  fechaAutorizacion?: string;
  ambiente?: string;
  signedXml: string;
  mensajes: Array<{ identificador: string; mensaje: string; informacionAdicional?: string; tipo: string }>;
}): string {
  const mensajes = p.mensajes
    .map(
      (m) =>
        `<mensaje><identificador>${escape(m.identificador)}</identificador><mensaje>${escape(m.mensaje)}</mensaje>${
          m.informacionAdicional ? `<informacionAdicional>${escape(m.informacionAdicional)}</informacionAdicional>` : ''
        }<tipo>${escape(m.tipo)}</tipo></mensaje>`,
    )
    .join('');
  const xml = p.signedXml.replace(/^<\?xml[^>]*\?>\s*/, '');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<autorizacion><estado>${escape(p.estado)}</estado>` +
    `<numeroAutorizacion>${escape(p.numeroAutorizacion ?? '')}</numeroAutorizacion>` +
    `<fechaAutorizacion>${escape(p.fechaAutorizacion ?? '')}</fechaAutorizacion>` +
    `<ambiente>${escape(p.ambiente ?? '')}</ambiente>` +
    `<comprobante><![CDATA[${xml}]]></comprobante>` +
    `<mensajes>${mensajes}</mensajes></autorizacion>`
  );
}
