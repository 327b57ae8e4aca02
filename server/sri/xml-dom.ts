/**
 * Small helpers over @xmldom/xmldom for SOAP envelopes and comprobantes: elements found by local
 * name (prefixes differ between senders), text trimmed. xmldom does not expand DTD entities, so
 * untrusted input cannot pull files or blow up memory through them.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * @returns the document element.
 * @throws Error carrying the parser's first error when `xml` is not well-formed or has no root.
 */
export function parseXml(xml: string): Element {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length || !doc.documentElement) throw new Error(errors[0] ?? 'XML vacío');
  return doc.documentElement as unknown as Element;
}

/** Descendant elements with this local name, in document order. */
export function all(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Element) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const e = c as unknown as Element;
      if (e.localName === localName) out.push(e);
      walk(e);
    }
  };
  walk(el);
  return out;
}

/** Direct children with this local name. */
export function kids(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 && (c as unknown as Element).localName === localName) out.push(c as unknown as Element);
  return out;
}

/** Trimmed text (CDATA included) of the first direct child with this local name; undefined when absent. */
export function textOf(el: Element | undefined, localName: string): string | undefined {
  const found = el && kids(el, localName)[0];
  return found ? (found.textContent ?? '').trim() : undefined;
}

/** Escape for element text and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
