/**
 * What a user may upload as a received comprobante: the bare authorised XML (`<factura id=
 * "comprobante">…`), the SRI's authorisation envelope (`<autorizacion>` with estado,
 * numeroAutorizacion, fechaAutorizacion, ambiente and the comprobante in CDATA or escaped — the file
 * the SRI portal and most issuers send), or the whole SOAP answer of autorizacionComprobante
 * (shared/sri/wsdl/AutorizacionComprobantesOffline.wsdl).
 */
import { AppError } from '../../errors.ts';
import { parseAutorizacion, pickAutorizacion, type Autorizacion } from '../../sri/soap-client.ts';
import { all, kids, parseXml, textOf } from '../../sri/xml-dom.ts';
import type { Element } from '@xmldom/xmldom';

/** The comprobante and, when it came in an envelope, the SRI's authorisation data. */
export interface UnwrappedComprobante {
  /** The signed comprobante exactly as issued. */
  xml: string;
  numeroAutorizacion?: string;
  /** As the SRI writes it (ISO 8601 with offset, or dd/mm/yyyy hh:mm:ss in older answers). */
  fechaAutorizacion?: string;
  /** The envelope text, kept as received (authorization_xml). */
  authorizationXml?: string;
}

const bad = (message: string) => new AppError('UNPROCESSABLE', message, { details: [{ path: 'xml', message }] });

/** The comprobante text of an `<autorizacion>`: CDATA sections joined, or the (unescaped) text, trimmed. */
function comprobanteText(autorizacion: Element): string {
  const el = kids(autorizacion, 'comprobante')[0];
  return (el?.textContent ?? '').trim();
}

/**
 * Refuses an authorisation whose estado is not AUTORIZADO (the SRI sends NO AUTORIZADO and
 * EN PROCESO answers in the same shape) and returns the comprobante inside it.
 * @throws AppError UNPROCESSABLE (path `xml`).
 */
export function fromAutorizacion(a: Pick<Autorizacion, 'estado' | 'numeroAutorizacion' | 'fechaAutorizacion' | 'comprobante'>, envelope: string): UnwrappedComprobante {
  if (a.estado !== 'AUTORIZADO') throw bad(`El SRI no autorizó este comprobante (estado: ${a.estado || 'sin estado'})`);
  if (!a.comprobante) throw bad('La autorización del SRI no contiene el comprobante');
  return {
    xml: a.comprobante.trim(),
    ...(a.numeroAutorizacion ? { numeroAutorizacion: a.numeroAutorizacion } : {}),
    ...(a.fechaAutorizacion ? { fechaAutorizacion: a.fechaAutorizacion } : {}),
    authorizationXml: envelope,
  };
}

/**
 * Refuses any XML carrying a document type declaration (DESIGN.md §10): no comprobante of the SRI has
 * one, and a DTD is how entity expansion and external references get in.
 * @throws AppError VALIDATION 400, path `xml`, in Spanish.
 */
export function refuseDoctype(text: string): void {
  if (/<!DOCTYPE/i.test(text) || /&lt;!DOCTYPE/i.test(text)) {
    const message = 'El XML contiene una declaración DOCTYPE: los comprobantes del SRI no la llevan y no se acepta. Suba el XML autorizado tal como lo entrega el SRI';
    throw new AppError('VALIDATION', message, { details: [{ path: 'xml', message: 'DOCTYPE no permitido' }] });
  }
}

/**
 * The comprobante inside whatever was uploaded (see the module comment).
 * @throws AppError UNPROCESSABLE (Spanish, path `xml`) when the text is not XML, or an envelope is
 *   not AUTORIZADO or holds no comprobante.
 * @example unwrapComprobante(portalFile).numeroAutorizacion // '2011202601179…'
 */
export function unwrapComprobante(text: string): UnwrappedComprobante {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  let root: Element;
  try {
    root = parseXml(trimmed);
  } catch (err) {
    throw bad(`El archivo no es un XML válido: ${(err as Error).message}`);
  }
  const name = root.localName;
  if (name === 'Envelope') {
    let picked: Autorizacion | undefined;
    try {
      picked = pickAutorizacion(parseAutorizacion(trimmed));
    } catch (err) {
      throw bad(`La respuesta SOAP no es una autorización del SRI: ${(err as Error).message}`);
    }
    if (!picked) throw bad('La respuesta del SRI no contiene ninguna autorización');
    return fromAutorizacion(picked, trimmed);
  }
  if (name === 'autorizacion' || name === 'RespuestaAutorizacionComprobante' || name === 'autorizaciones') {
    const list = name === 'autorizacion' ? [root] : all(root, 'autorizacion');
    const chosen = pickAutorizacion({
      autorizaciones: list.map((a) => ({ estado: textOf(a, 'estado') ?? '', numeroAutorizacion: textOf(a, 'numeroAutorizacion'), fechaAutorizacion: textOf(a, 'fechaAutorizacion'), comprobante: comprobanteText(a), mensajes: [] })),
    });
    if (!chosen) throw bad('El archivo de autorización no contiene ninguna autorización');
    return fromAutorizacion(chosen, trimmed);
  }
  return { xml: trimmed };
}
