/**
 * Small helpers over @xmldom/xmldom for SOAP envelopes and comprobantes: elements found by local
 * name (prefixes differ between senders), text trimmed. xmldom does not expand DTD entities, so
 * untrusted input cannot pull files or blow up memory through them.
 */
import { createRequire } from 'node:module';
import { DOMParser, type CDATASection, type Element, type Node } from '@xmldom/xmldom';

/**
 * xmldom 0.9.12 builds a new RegExp (Unicode, ~700 characters of name classes) for every end tag it
 * reads (lib/sax.js: `g.reg('^', g.QName_group, g.S_OPT, '$')`) and for every CDATA section or
 * comment (`getMatch`): about a fifth of the time it takes to parse a signed factura, which the
 * sandbox SRI does for each comprobante it receives. Its `reg` only joins its parts' sources, so
 * the result is the same for the same parts; those are constants of xmldom's grammar, and the
 * patterns have no `g` or `y` flag (exec and test keep no state): each is built once here, by its
 * parts, instead. Parsing is unchanged: the same patterns, the same errors.
 */
function memoiseXmldomGrammar(): void {
  const grammar = createRequire(import.meta.url)('@xmldom/xmldom/lib/grammar.js') as { reg: (...parts: unknown[]) => RegExp; __emiteMemo?: true };
  if (grammar.__emiteMemo) return;
  const build = grammar.reg;
  type Step = { next: Map<unknown, Step>; pattern?: RegExp };
  const first: Step = { next: new Map() };
  grammar.reg = function memoisedReg(this: unknown, ...parts: unknown[]): RegExp {
    let step = first;
    for (const part of parts) {
      let next = step.next.get(part);
      if (!next) step.next.set(part, (next = { next: new Map() }));
      step = next;
    }
    if (step.pattern) return step.pattern;
    const pattern = build.apply(this, parts);
    if (!pattern.global && !pattern.sticky) step.pattern = pattern;
    return pattern;
  };
  grammar.__emiteMemo = true;
}
memoiseXmldomGrammar();

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
