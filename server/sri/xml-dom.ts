/**
 * Small helpers over @xmldom/xmldom for SOAP envelopes and comprobantes: elements found by local
 * name (prefixes differ between senders), text trimmed. xmldom does not expand DTD entities, so
 * untrusted input cannot pull files or blow up memory through them.
 */
import { DOMParser, type CDATASection, type Element, type Node } from '@xmldom/xmldom';

/** Whether a node is an element (nodeType 1): what a child walk keeps. */
export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

/** Whether a node is a CDATA section (nodeType 4): the SRI wraps an authorised comprobante in one. */
export function isCdata(node: Node): node is CDATASection {
  return node.nodeType === 4;
}

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
  return doc.documentElement;
}

/** Descendant elements with this local name, in document order. */
export function all(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Element) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (!isElement(c)) continue;
      if (c.localName === localName) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** Direct children with this local name. */
export function kids(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (isElement(c) && c.localName === localName) out.push(c);
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
