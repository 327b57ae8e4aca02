/**
 * The SRI lote (SRI.md "Lotes", ficha técnica tablas 8 and 9): several signed comprobantes of one
 * issuer sent in one reception call,
 * `<lote version="1.0.0"><claveAcceso>49 digits</claveAcceso><ruc>13</ruc><comprobantes>
 * <comprobante><![CDATA[signed XML]]></comprobante>…</comprobantes></lote>`, answered per lote by
 * autorizacionComprobanteLote. Written by the batch issuer, read by the sandbox SRI.
 */
import { parseXml, kids, textOf, escapeXml, isCdata } from './xml-dom.ts';

/** Most comprobantes one lote carries. */
export const MAX_LOTE_COMPROBANTES = 50;
/** Most bytes (UTF-8) one lote's XML may have: 500 KB. */
export const MAX_LOTE_BYTES = 500 * 1024;
/**
 * The serie (estab, ptoEmi) of lote keys: no establishment is 000 ('001'…'999'), so the lote keys'
 * secuencial row in secuencial_sequence (per codDoc) is never a document's.
 */
export const LOTE_SERIE = { estab: '000', ptoEmi: '000' } as const;

/** Bytes the lote adds around its comprobantes (root, key, ruc, wrappers), a bound for {@link MAX_LOTE_BYTES}. */
export const LOTE_OVERHEAD_BYTES = 200;
/** Bytes a comprobante's wrapper (`<comprobante><![CDATA[…]]></comprobante>`) adds to its XML in a lote, a bound. */
export const LOTE_ENTRY_OVERHEAD_BYTES = 40;
/** Bytes one comprobante takes inside a lote (its XML, CDATA and wrapper). */
export const loteEntryBytes = (signedXml: string): number => Buffer.byteLength(signedXml, 'utf8') + LOTE_ENTRY_OVERHEAD_BYTES;

/** Text as CDATA; a "]]>" inside is split across two sections so the text survives intact. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** A signed XML without its declaration (`<?xml …?>` and the whitespace after it). */
const withoutDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');

/** The lote's XML. */
export function buildLoteXml(p: { claveAcceso: string; ruc: string; comprobantes: string[] }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><lote version="1.0.0"><claveAcceso>${escapeXml(p.claveAcceso)}</claveAcceso><ruc>${escapeXml(p.ruc)}</ruc><comprobantes>` +
    p.comprobantes.map((c) => `<comprobante>${cdata(withoutDeclaration(c))}</comprobante>`).join('') +
    '</comprobantes></lote>'
  );
}

/**
 * The lote's XML as UTF-8 bytes, the same bytes as `Buffer.from(buildLoteXml(p))`, written into one
 * buffer: no lote-sized string is made (a lote is up to 500 KB; the batch issuer sends one per 50
 * comprobantes, soap-client.ts encodes it to base64 from these bytes).
 */
export function buildLoteBytes(p: { claveAcceso: string; ruc: string; comprobantes: string[] }): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8"?><lote version="1.0.0"><claveAcceso>${escapeXml(p.claveAcceso)}</claveAcceso><ruc>${escapeXml(p.ruc)}</ruc><comprobantes>`;
  const tail = '</comprobantes></lote>';
  const open = '<comprobante><![CDATA[';
  const close = ']]></comprobante>';
  const bodies = p.comprobantes.map((c) => {
    const xml = withoutDeclaration(c);
    return xml.includes(']]>') ? xml.replace(/]]>/g, ']]]]><![CDATA[>') : xml;
  });
  let size = Buffer.byteLength(head) + tail.length + bodies.length * (open.length + close.length);
  for (const b of bodies) size += Buffer.byteLength(b, 'utf8');
  const out = Buffer.allocUnsafe(size);
  let at = out.write(head, 0, 'utf8');
  for (const b of bodies) {
    at += out.write(open, at, 'latin1');
    at += out.write(b, at, 'utf8');
    at += out.write(close, at, 'latin1');
  }
  at += out.write(tail, at, 'latin1');
  if (at !== size) throw new Error(`lote: ${at} bytes escritos de ${size}`);
  return out;
}

/** Whether a received XML is a lote (its root element is `lote`), without parsing it. */
export const looksLikeLote = (xml: string): boolean => /^\s*(<\?xml[^>]*\?>\s*)?<lote[\s>]/.test(xml);

/**
 * Read a lote. @returns its key, ruc, version and the comprobantes' XML (each CDATA's text), or
 * `error` when it is not a readable lote.
 */
export function readLote(xml: string): { claveAcceso: string; ruc: string; version: string; comprobantes: string[] } | { error: string } {
  let root;
  try {
    root = parseXml(xml);
  } catch (err) {
    return { error: `XML mal formado: ${(err as Error).message}` };
  }
  if (root.localName !== 'lote') return { error: `el elemento raíz "${root.localName}" no es lote` };
  const list = kids(root, 'comprobantes')[0];
  const comprobantes = (list ? kids(list, 'comprobante') : []).map((el) => {
    const sections: string[] = [];
    for (let c = el.firstChild; c; c = c.nextSibling) if (isCdata(c)) sections.push(c.data);
    return sections.length ? sections.join('') : (el.textContent ?? '').trim();
  });
  return { claveAcceso: textOf(root, 'claveAcceso') ?? '', ruc: textOf(root, 'ruc') ?? '', version: root.getAttribute('version') ?? '', comprobantes };
}
