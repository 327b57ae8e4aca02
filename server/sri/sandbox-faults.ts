/**
 * How the sandbox SRI answers a request it cannot read, as the real services (JAX-WS/Metro behind
 * celcer.sri.gob.ec and cel.sri.gob.ec) do: never with the host app's JSON error body.
 * - a content type other than SOAP's: HTTP 415 with a soap:Client fault ("Unsupported Content-Type");
 * - a body too large (413) or not UTF-8 (400): that status with a soap:Client fault;
 * - XML that a conforming parser refuses (a NUL or another character XML 1.0 forbids, raw or as a
 *   character reference): HTTP 500 soap:Client fault, as Metro answers a parse error;
 * - anything unexpected behind the operation (e.g. the store failing): HTTP 500 soap:Server fault,
 *   logged with the request id.
 * xmldom (server/sri/xml-dom.ts) accepts `&#0;`, so the check for forbidden characters is ours: a
 * NUL in the access key reached the database and came back as the host app's JSON 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { soapFault } from './sandbox-soap.ts';

/** Content types the SOAP 1.1 and 1.2 bindings accept (SOAP 1.1 is text/xml). */
export const SOAP_CONTENT_TYPES = ['text/xml', 'application/soap+xml', 'application/xml'];

/** XML 1.0 §2.2 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
const allowed = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);

/** A character outside {@link allowed} (a lone surrogate too: with the u flag it is read as its own code point). */
const FORBIDDEN_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * The first character XML 1.0 forbids in `text`, written directly (a lone surrogate counts) or as a
 * character reference (`&#0;`, `&#x1F;`), described for a fault string; undefined when there is none.
 * @example forbiddenXmlCharacter('<a>&#0;</a>') // 'Illegal character reference: code 0x0'
 */
export function forbiddenXmlCharacter(text: string): string | undefined {
  // One native scan for the common case (a lote's SOAP is ~0.5 MB: 3 ms per lote walked by code point).
  if (FORBIDDEN_CHAR.test(text)) {
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      if (!allowed(code)) return `Illegal character ((CTRL-CHAR, code 0x${code.toString(16)}))`;
    }
  }
  if (!text.includes('&#')) return undefined;
  for (const m of text.matchAll(/&#(x[0-9A-Fa-f]+|[0-9]+);/g)) {
    const code = m[1].startsWith('x') ? Number.parseInt(m[1].slice(1), 16) : Number(m[1]);
    if (!allowed(code)) return `Illegal character reference: code 0x${code.toString(16)}`;
  }
  return undefined;
}

/** Whether a Content-Type header names one of the SOAP bindings' types. */
export function isSoapContentType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  return SOAP_CONTENT_TYPES.includes(type);
}

/**
 * Inside the sandbox's encapsulated context: every body is read as text (so a JSON or form body
 * reaches the route, which answers 415 with a fault), and every error answers with a SOAP fault.
 * @param bodyLimit bytes; a larger body answers 413 with a fault.
 */
export function registerSoapErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      // Bytes that are not UTF-8 (e.g. a surrogate encoded on its own) never become U+FFFD here: the
      // real service's parser refuses them, with Xerces' words.
      done(Object.assign(new Error('Invalid byte sequence: the body is not UTF-8'), { statusCode: 400 }), undefined);
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error, requestId: request.id }, 'sandbox SRI error');
    const fault = status === 500 ? soapFault('soap:Server', 'Error interno del servicio') : soapFault('soap:Client', error.message);
    return reply.code(status).type('text/xml; charset=utf-8').send(fault);
  });
}
