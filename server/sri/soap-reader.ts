/**
 * A strict, minimal reader for the SRI's SOAP answers (soap-client.ts): small documents of a fixed
 * shape, read by local name. It replaces @xmldom/xmldom on the issuing path, where building a DOM
 * per answer cost ≈ 0.2–0.5 ms of CPU (two answers per issued invoice; bench/issue.ts), against
 * tens of µs here. It reads elements, text, CDATA sections, comments and processing instructions;
 * attributes are skipped (nothing in the answers needs them); the five predefined entities and
 * character references are decoded. Anything else is refused rather than guessed: a document type
 * declaration (no DTD, so no entity expansion), an unknown entity, a mismatched or unclosed tag,
 * text outside the root.
 */

/** An element: its local name (prefix dropped), child elements, and its content in order. */
export interface SoapElement {
  local: string;
  children: SoapElement[];
  /** Text and CDATA sections directly inside, in order (CDATA kept apart: the authorised comprobante). */
  content: Array<{ text: string } | { cdata: string } | { element: SoapElement }>;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const START_TAG = /<([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const END_TAG = /<\/([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)\s*>/y;

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, ref: string | undefined) => {
    if (!ref) throw new Error('"&" suelto en el texto');
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const v = ENTITIES[ref];
    if (v === undefined) throw new Error(`Entidad desconocida ${whole}`);
    return v;
  });
}

const localOf = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/**
 * @returns the root element.
 * @throws Error (message in Spanish) when `xml` is not well-formed as described above.
 */
export function readSoap(xml: string): SoapElement {
  const stack: Array<{ qname: string; el: SoapElement }> = [];
  let root: SoapElement | undefined;
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const text = xml.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.el.content.push({ text: decode(text) });
      else if (text.trim()) throw new Error('Texto fuera del elemento raíz');
    }
    if (lt < 0) break;
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      const top = stack[stack.length - 1];
      if (end < 0 || !top) throw new Error('Sección CDATA sin cerrar o fuera del elemento raíz');
      top.el.content.push({ cdata: xml.slice(lt + 9, end) });
      i = end + 3;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw new Error('Comentario sin cerrar');
      i = end + 3;
    } else if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw new Error('Instrucción de procesamiento sin cerrar');
      i = end + 2;
    } else if (xml.startsWith('<!', lt)) {
      throw new Error('Declaración de tipo de documento no admitida');
    } else if (xml.startsWith('</', lt)) {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(xml);
      const top = stack.pop();
      if (!m || !top || top.qname !== m[1]) throw new Error(`Etiqueta de cierre inesperada en la posición ${lt}`);
      i = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = lt;
      const m = START_TAG.exec(xml);
      if (!m) throw new Error(`Etiqueta mal formada en la posición ${lt}`);
      const el: SoapElement = { local: localOf(m[1]), children: [], content: [] };
      const top = stack[stack.length - 1];
      if (top) {
        top.el.children.push(el);
        top.el.content.push({ element: el });
      } else if (root) {
        throw new Error('Más de un elemento raíz');
      } else {
        root = el;
      }
      if (!m[3]) stack.push({ qname: m[1], el });
      i = START_TAG.lastIndex;
    }
  }
  if (stack.length) throw new Error(`Elemento <${stack[stack.length - 1].qname}> sin cerrar`);
  if (!root) throw new Error('XML vacío');
  return root;
}

/** Direct children with this local name. */
export function soapKids(el: SoapElement, local: string): SoapElement[] {
  return el.children.filter((c) => c.local === local);
}

/** All text inside `el` (CDATA included, descendants' too), as DOM textContent. */
export function soapTextContent(el: SoapElement): string {
  let out = '';
  for (const c of el.content) out += 'text' in c ? c.text : 'cdata' in c ? c.cdata : soapTextContent(c.element);
  return out;
}

/** Trimmed text of the first direct child with this local name; undefined when absent. */
export function soapTextOf(el: SoapElement | undefined, local: string): string | undefined {
  const found = el && el.children.find((c) => c.local === local);
  return found ? soapTextContent(found).trim() : undefined;
}
