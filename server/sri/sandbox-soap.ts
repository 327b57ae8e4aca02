/**
 * The SOAP the sandbox SRI writes, shaped like the real services' answers (SRI ficha técnica §7.2.3
 * examples; WSDLs in shared/sri/wsdl): `soap:` envelope, the operation response qualified as `ns2:`
 * in the service namespace, everything under it unqualified (as the SRI actually sends, although
 * the WSDL declares `autorizacion`, `comprobante` and `mensaje` as global elements).
 */
import { NS_AUTORIZACION, NS_CONSULTAS, NS_RECEPCION, type SriMensaje } from './soap-client.ts';
import { escapeXml } from './xml-dom.ts';

const envelope = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;

function mensajesXml(mensajes: SriMensaje[]): string {
  if (!mensajes.length) return '<mensajes/>';
  const one = (m: SriMensaje) =>
    `<mensaje><identificador>${escapeXml(m.identificador)}</identificador><mensaje>${escapeXml(m.mensaje)}</mensaje>` +
    `${m.informacionAdicional ? `<informacionAdicional>${escapeXml(m.informacionAdicional)}</informacionAdicional>` : ''}<tipo>${escapeXml(m.tipo)}</tipo></mensaje>`;
  return `<mensajes>${mensajes.map(one).join('')}</mensajes>`;
}

/** Text as CDATA; a "]]>" inside is split across two sections so the text survives intact. */
const cdata = (text: string) => `<![CDATA[${text.includes(']]>') ? text.replace(/]]>/g, ']]]]><![CDATA[>') : text}]]>`;

/** validarComprobanteResponse: RECIBIDA carries `<comprobantes/>`; DEVUELTA one comprobante with its mensajes. */
export function recepcionResponse(r: { estado: 'RECIBIDA' | 'DEVUELTA'; claveAcceso: string; mensajes: SriMensaje[] }): string {
  const comprobantes = r.estado === 'RECIBIDA' && !r.mensajes.length ? '<comprobantes/>' : `<comprobantes><comprobante><claveAcceso>${escapeXml(r.claveAcceso)}</claveAcceso>${mensajesXml(r.mensajes)}</comprobante></comprobantes>`;
  return envelope(`<ns2:validarComprobanteResponse xmlns:ns2="${NS_RECEPCION}"><RespuestaRecepcionComprobante><estado>${r.estado}</estado>${comprobantes}</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>`);
}

/**
 * validarComprobanteResponse for a lote: RECIBIDA with `<comprobantes/>` when every comprobante was
 * received; otherwise DEVUELTA listing each refused one (its key and mensajes). A lote refused as a
 * whole lists one entry under the lote's own key.
 */
export function loteRecepcionResponse(refused: Array<{ claveAcceso: string; mensajes: SriMensaje[] }>): string {
  const comprobantes = refused.length ? `<comprobantes>${refused.map((r) => `<comprobante><claveAcceso>${escapeXml(r.claveAcceso)}</claveAcceso>${mensajesXml(r.mensajes)}</comprobante>`).join('')}</comprobantes>` : '<comprobantes/>';
  return envelope(`<ns2:validarComprobanteResponse xmlns:ns2="${NS_RECEPCION}"><RespuestaRecepcionComprobante><estado>${refused.length ? 'DEVUELTA' : 'RECIBIDA'}</estado>${comprobantes}</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>`);
}

export interface SandboxAutorizacion {
  estado: string;
  numeroAutorizacion: string;
  fechaAutorizacion: string;
  ambiente: string;
  comprobante: string;
  mensajes: SriMensaje[];
}

/** `<autorizaciones>` with each autorización (its comprobante as CDATA), or `<autorizaciones/>`. */
function autorizacionesXml(autorizaciones: SandboxAutorizacion[]): string {
  return autorizaciones.length
    ? `<autorizaciones>${autorizaciones
        .map(
          (a) =>
            `<autorizacion><estado>${escapeXml(a.estado)}</estado><numeroAutorizacion>${escapeXml(a.numeroAutorizacion)}</numeroAutorizacion>` +
            `<fechaAutorizacion>${a.fechaAutorizacion}</fechaAutorizacion><ambiente>${escapeXml(a.ambiente)}</ambiente>` +
            `<comprobante>${cdata(a.comprobante)}</comprobante>${mensajesXml(a.mensajes)}</autorizacion>`,
        )
        .join('')}</autorizaciones>`
    : '<autorizaciones/>';
}

/** autorizacionComprobanteResponse; an unknown or unprocessed key has numeroComprobantes 0 and `<autorizaciones/>`. */
export function autorizacionResponse(claveAccesoConsultada: string, autorizaciones: SandboxAutorizacion[]): string {
  return envelope(
    `<ns2:autorizacionComprobanteResponse xmlns:ns2="${NS_AUTORIZACION}"><RespuestaAutorizacionComprobante>` +
      `<claveAccesoConsultada>${escapeXml(claveAccesoConsultada)}</claveAccesoConsultada><numeroComprobantes>${autorizaciones.length}</numeroComprobantes>${autorizacionesXml(autorizaciones)}` +
      `</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`,
  );
}

/**
 * autorizacionComprobanteLoteResponse (WSDL type respuestaLote): the autorizaciones of the lote's
 * comprobantes answered so far, as autorizacionResponse writes them, under the lote's key and count.
 */
export function autorizacionLoteResponse(claveAccesoLote: string, autorizaciones: SandboxAutorizacion[]): string {
  return envelope(
    `<ns2:autorizacionComprobanteLoteResponse xmlns:ns2="${NS_AUTORIZACION}"><RespuestaAutorizacionLote>` +
      `<claveAccesoLoteConsultada>${escapeXml(claveAccesoLote)}</claveAccesoLoteConsultada><numeroComprobantesLote>${autorizaciones.length}</numeroComprobantesLote>${autorizacionesXml(autorizaciones)}` +
      `</RespuestaAutorizacionLote></ns2:autorizacionComprobanteLoteResponse>`,
  );
}

/**
 * consultarEstadoAutorizacionComprobanteResponse as the ficha técnica §8.2.3 shows it: an answer with
 * claveAcceso, mensajes, estadoAutorizacion, tipoComprobante, rucEmisor, fechaAutorizacion; or, for a
 * refused consultation, estadoConsulta RECHAZADA, claveAcceso and one mensaje 99.
 */
export function consultaResponse(
  r: { claveAcceso: string } & ({ estadoAutorizacion: string; tipoComprobante: string; rucEmisor: string; fechaAutorizacion?: string } | { rechazada: string }),
): string {
  const inner =
    'rechazada' in r
      ? `<estadoConsulta>RECHAZADA</estadoConsulta><claveAcceso>${escapeXml(r.claveAcceso)}</claveAcceso>` +
        mensajesXml([{ identificador: '99', mensaje: 'ERROR AL CONSULTAR DATOS DEL SERVICIO WEB', informacionAdicional: r.rechazada, tipo: 'ERROR' }])
      : `<claveAcceso>${escapeXml(r.claveAcceso)}</claveAcceso><mensajes/><estadoAutorizacion>${escapeXml(r.estadoAutorizacion)}</estadoAutorizacion>` +
        `<tipoComprobante>${escapeXml(r.tipoComprobante)}</tipoComprobante><rucEmisor>${escapeXml(r.rucEmisor)}</rucEmisor>` +
        (r.fechaAutorizacion ? `<fechaAutorizacion>${r.fechaAutorizacion}</fechaAutorizacion>` : '');
  return envelope(`<ns2:consultarEstadoAutorizacionComprobanteResponse xmlns:ns2="${NS_CONSULTAS}"><EstadoAutorizacionComprobante>${inner}</EstadoAutorizacionComprobante></ns2:consultarEstadoAutorizacionComprobanteResponse>`);
}

/** A SOAP 1.1 fault (sent with HTTP 500), as JAX-WS answers a request it cannot bind. */
export function soapFault(faultcode: 'soap:Client' | 'soap:Server', faultstring: string): string {
  return envelope(`<soap:Fault><faultcode>${faultcode}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring></soap:Fault>`);
}

/** fechaAutorizacion as the SRI writes it: local time in Ecuador (UTC-5, no DST) with the -05:00 offset. */
export function ecuadorDateTime(instant: Date): string {
  return `${new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}
