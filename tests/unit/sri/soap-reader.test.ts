import { describe, expect, it } from 'vitest';
import { readSoap, soapKids, soapTextContent, soapTextOf } from '../../../server/sri/soap-reader.ts';

describe('readSoap (the SRI answers reader)', () => {
  it('reads elements by local name whatever the prefix, skipping the declaration, comments and attributes', () => {
    const root = readSoap(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- x --><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/" a='1>2'><S:Body><ns2:r xmlns:ns2="u"><estado> RECIBIDA </estado><vacio/></ns2:r></S:Body></S:Envelope>`);
    expect(root.local).toBe('Envelope');
    const r = soapKids(soapKids(root, 'Body')[0], 'r')[0];
    expect(soapTextOf(r, 'estado')).toBe('RECIBIDA');
    expect(soapTextOf(r, 'vacio')).toBe('');
    expect(soapTextOf(r, 'falta')).toBeUndefined();
  });

  it('decodes the predefined entities and character references; keeps CDATA exactly', () => {
    const root = readSoap('<a><m>&lt;x&gt; &amp; &quot;&apos; &#233;&#xE9;</m><c>\n  <![CDATA[<factura id="comprobante">&amp;</factura>]]>\n</c></a>');
    expect(soapTextOf(root, 'm')).toBe(`<x> & "' éé`);
    const c = soapKids(root, 'c')[0];
    expect(c.content.filter((p) => 'cdata' in p)).toEqual([{ cdata: '<factura id="comprobante">&amp;</factura>' }]);
    expect(soapTextContent(c).trim()).toBe('<factura id="comprobante">&amp;</factura>');
  });

  it.each([
    ['an HTML page that is not XML', '<html><body><p>Service Unavailable<br></body></html>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['text outside the root', 'hola <a/>'],
    ['two roots', '<a/><b/>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a document type declaration (no entity expansion)', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['nothing', '   '],
  ])('refuses %s', (_what, xml) => {
    expect(() => readSoap(xml)).toThrow();
  });
});
