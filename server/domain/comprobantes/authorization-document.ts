/**
 * The authorised comprobante as the SRI hands it out (and as buyers and accounting systems import
 * it): `<autorizacion>` with estado, numeroAutorizacion, fechaAutorizacion, ambiente and the signed
 * XML in CDATA (SRI web service AutorizacionComprobantesOffline, element `autorizacion`).
 */
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What {@link authorizationDocument} describes besides the signed XML. */
export interface AuthorizationFields {
  estado: string;
  numeroAutorizacion?: string;
  fechaAutorizacion?: string;
  ambiente?: string;
  mensajes: Array<{ identificador: string; mensaje: string; informacionAdicional?: string; tipo: string }>;
}

/** The signed XML's declaration (`<?xml …?>` and the whitespace after it), which the document leaves out. */
export const XML_DECLARATION = /^<\?xml[^>]*\?>\s*/;

/**
 * The document around the signed XML: `head + signedXml without its declaration + tail` is
 * {@link authorizationDocument}. The batch issuer sends head and tail to PostgreSQL, which joins them
 * with the signed XML it already holds (batch/transition-many.ts), so the XML does not travel twice.
 */
export function authorizationDocumentParts(p: AuthorizationFields): { head: string; tail: string } {
  const mensajes = p.mensajes
    .map(
      (m) =>
        `<mensaje><identificador>${escape(m.identificador)}</identificador><mensaje>${escape(m.mensaje)}</mensaje>${
          m.informacionAdicional ? `<informacionAdicional>${escape(m.informacionAdicional)}</informacionAdicional>` : ''
        }<tipo>${escape(m.tipo)}</tipo></mensaje>`,
    )
    .join('');
  return {
    head:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      `<autorizacion><estado>${escape(p.estado)}</estado>` +
      `<numeroAutorizacion>${escape(p.numeroAutorizacion ?? '')}</numeroAutorizacion>` +
      `<fechaAutorizacion>${escape(p.fechaAutorizacion ?? '')}</fechaAutorizacion>` +
      `<ambiente>${escape(p.ambiente ?? '')}</ambiente>` +
      '<comprobante><![CDATA[',
    tail: `]]></comprobante><mensajes>${mensajes}</mensajes></autorizacion>`,
  };
}

/** The authorised comprobante's document (see the top of this file). */
export function authorizationDocument(p: AuthorizationFields & { signedXml: string }): string {
  const { head, tail } = authorizationDocumentParts(p);
  return head + p.signedXml.replace(XML_DECLARATION, '') + tail;
}
