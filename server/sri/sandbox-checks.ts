/**
 * What the sandbox SRI checks on a comprobante sent to validarComprobante, answering with the SRI's
 * own identifiers and texts (shared/sri/SRI.md "Message identifiers"; SRI ficha técnica §7):
 * 26 size > 320 KB; 35 not well-formed, XSD-invalid, or an access key that is malformed or disagrees
 * with infoTributaria/fechaEmision; 43 key already received; 39 signature missing or invalid;
 * 65 fechaEmision more than 90 days old or in the future; 45 same number under another key.
 *
 * Order: structure first (nothing else can be read without it), then 43 before the signature and
 * date checks so that resending an accepted comprobante always answers "already registered" (the
 * caller then asks authorisation instead of treating the answer as a rejection).
 */
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { isValidClaveAcceso, parseClaveAcceso } from '../../core/access-key.ts';
import { daysBetween, guayaquilDate } from '../../core/guayaquil-date.ts';
import { validateComprobanteXml } from './validate-xsd.ts';
import { metaByRoot, xsdFileFor, type ComprobanteTypeMeta } from '../../core/comprobante-types.ts';
import type { SriMensaje } from './soap-client.ts';
import { numeroKey, type SandboxStore } from './sandbox-store.ts';
import { verifyComprobanteRoot } from './verify-signature.ts';
import { kids, parseXml, textOf } from './xml-dom.ts';

/** Largest comprobante accepted, bytes (SRI ficha técnica §7.5: 320 Kb per individual send). */
export const MAX_COMPROBANTE_BYTES = 320 * 1024;
/** fechaEmision may be at most this many days before the reception date (error 65). */
export const MAX_AGE_DAYS = 90;

const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const STRUCTURE = 'ARCHIVO NO CUMPLE ESTRUCTURA XML';

export interface CheckOutcome {
  /** As read from the comprobante; 'N/A' when it could not be read (as the SRI writes it). */
  claveAcceso: string;
  /** Empty when accepted. */
  mensajes: SriMensaje[];
  /** Present when the comprobante is RECIBIDA: what the store must remember. */
  accepted?: { numero: string; ambiente: '1' | '2' };
}

const error = (identificador: string, mensaje: string, informacionAdicional: string): SriMensaje => ({ identificador, mensaje, informacionAdicional, tipo: 'ERROR' });
const structureError = (claveAcceso: string, detail: string): CheckOutcome => ({
  claveAcceso,
  mensajes: [error('35', STRUCTURE, `Se encontró el siguiente error en la estructura del comprobante: ${detail}`)],
});

/**
 * The comprobante without its ds:Signature, serialised: the XSD copies declare none (SRI.md
 * "Factura XML"). The signatures are taken out of the parsed tree and put back, so the tree is
 * parsed once for every check.
 */
function withoutSignature(root: Element): string {
  const taken = Array.from(root.getElementsByTagNameNS(NS_DS, 'Signature')).map((sig) => ({ sig, parent: sig.parentNode!, next: sig.nextSibling }));
  for (const { sig, parent } of taken) parent.removeChild(sig);
  const xml = new XMLSerializer().serializeToString(root);
  for (const { sig, parent, next } of taken.reverse()) parent.insertBefore(sig, next);
  return xml;
}

/** Which comprobante the root names (every SRI type: core/comprobante-types.ts), or why it is refused. */
function typeOf(root: Element): ComprobanteTypeMeta | string {
  return metaByRoot(root.localName ?? "") ?? `el elemento raíz "${root.localName}" no es un comprobante del SRI (factura, liquidacionCompra, notaCredito, notaDebito, guiaRemision, comprobanteRetencion)`;
}

/** The comprobante against the XSD of its own type and version. @returns the first error, or null. */
function validateStructure(root: Element, meta: ComprobanteTypeMeta): string | null {
  const version = root.getAttribute('version') || meta.defaultVersion;
  let xsdFile: string;
  try {
    xsdFile = xsdFileFor(meta, version);
  } catch (err) {
    return `versión de ${meta.label.toLowerCase()} no admitida (${version}): ${(err as Error).message}`;
  }
  const result = validateComprobanteXml(withoutSignature(root), xsdFile);
  return result.valid ? null : result.errors[0] ?? 'error de validación XSD';
}

/** Every field the key repeats must match the XML (SRI.md "Access key"). @returns the disagreement, or null. */
function keyDisagreement(claveAcceso: string, info: Element, fechaEmision: string): string | null {
  if (!/^\d{49}$/.test(claveAcceso)) return `CLAVE DE ACCESO: debe tener 49 dígitos (tiene "${claveAcceso}")`;
  if (!isValidClaveAcceso(claveAcceso)) return 'CLAVE DE ACCESO: el dígito verificador (módulo 11) no corresponde';
  const key = parseClaveAcceso(claveAcceso);
  const [d, m, y] = fechaEmision.split('/');
  const fields: Array<[string, string, string | undefined]> = [
    ['fechaEmision', key.fechaEmision, `${y}-${m}-${d}`],
    ['codDoc', key.codDoc, textOf(info, 'codDoc')],
    ['ruc', key.ruc, textOf(info, 'ruc')],
    ['ambiente', key.ambiente, textOf(info, 'ambiente')],
    ['estab', key.estab, textOf(info, 'estab')],
    ['ptoEmi', key.ptoEmi, textOf(info, 'ptoEmi')],
    ['secuencial', key.secuencial, textOf(info, 'secuencial')],
    ['tipoEmision', key.tipoEmision, textOf(info, 'tipoEmision')],
  ];
  const wrong = fields.find(([, inKey, inXml]) => inKey !== inXml);
  return wrong ? `CLAVE DE ACCESO no coincide con ${wrong[0]}: la clave dice "${wrong[1]}" y el comprobante "${wrong[2] ?? ''}"` : null;
}

/**
 * @param xml the comprobante as received (decoded from base64).
 * @param now reception time; the date window uses its calendar date in America/Guayaquil.
 */
export async function checkComprobante(xml: string, store: SandboxStore, now: Date): Promise<CheckOutcome> {
  if (!xml.trim()) return structureError('N/A', 'no se ha encontrado información en el tag xml (comprobante vacío o no es base64)');
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > MAX_COMPROBANTE_BYTES) return { claveAcceso: 'N/A', mensajes: [error('26', 'TAMAÑO MÁXIMO SUPERADO', `El comprobante mide ${bytes} bytes; el máximo es ${MAX_COMPROBANTE_BYTES} (320 KB)`)] };

  let root: Element;
  try {
    root = parseXml(xml);
  } catch (err) {
    return structureError('N/A', `XML mal formado: ${(err as Error).message}`);
  }
  const info = kids(root, 'infoTributaria')[0];
  const claveAcceso = textOf(info, 'claveAcceso') || 'N/A';
  const meta = typeOf(root);
  if (typeof meta === 'string') return structureError(claveAcceso, meta);
  const xsdError = validateStructure(root, meta);
  if (xsdError) return structureError(claveAcceso, xsdError);

  // The date the key carries: fechaEmision, or the guía's fechaIniTransporte.
  const fechaEmision = textOf(kids(root, meta.infoElement)[0], meta.dateElement) ?? '';
  const disagreement = keyDisagreement(claveAcceso, info, fechaEmision);
  if (disagreement) return structureError(claveAcceso, disagreement);
  const key = parseClaveAcceso(claveAcceso);

  if (await store.byClave(claveAcceso)) return { claveAcceso, mensajes: [error('43', 'CLAVE ACCESO REGISTRADA', 'La clave de acceso ya fue recibida; consulte su autorización')] };

  const badSignature = verifyComprobanteRoot(root);
  if (badSignature) return { claveAcceso, mensajes: [error('39', 'FIRMA INVALIDA', badSignature)] };

  const age = daysBetween(key.fechaEmision, guayaquilDate(now));
  if (!(age >= 0 && age <= MAX_AGE_DAYS)) {
    const why = age < 0 ? 'es posterior a la fecha actual' : `tiene más de ${MAX_AGE_DAYS} días`;
    return { claveAcceso, mensajes: [error('65', 'FECHA EMISIÓN EXTEMPORANEA', `La fecha de emisión ${fechaEmision} ${why}`)] };
  }

  const numero = numeroKey(key);
  if (await store.byNumero(numero, key.ambiente)) {
    return { claveAcceso, mensajes: [error('45', 'ERROR SECUENCIAL REGISTRADO', `El comprobante ${key.codDoc} ${key.estab}-${key.ptoEmi}-${key.secuencial} del RUC ${key.ruc} ya fue recibido con otra clave de acceso`)] };
  }
  return { claveAcceso, mensajes: [], accepted: { numero, ambiente: key.ambiente } };
}
