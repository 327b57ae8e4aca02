import { describe, expect, it } from 'vitest';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { parseFacturaXml } from '../../../server/domain/comprobantes/factura/parse-factura-xml.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import type { FacturaDocument } from '../../../server/domain/comprobantes/factura/factura-document.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';
import { facturaWith15Adicionales, fullFactura, minimalFactura } from './factura-fixtures.ts';

const credentials = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');

describe('parseFacturaXml (the RIDE reads the signed XML back)', () => {
  const docs: Array<[string, FacturaDocument]> = [
    ['sample', sampleFactura()],
    ['minimal', minimalFactura()],
    ['full', fullFactura()],
    ['15 infoAdicional', facturaWith15Adicionales()],
    ['version 1.0.0', { ...sampleFactura(), version: '1.0.0' }],
  ];

  it.each(docs)('reads back a %s factura so completely that it rebuilds the same XML', (_name, doc) => {
    const xml = buildFacturaXml(doc);
    expect(buildFacturaXml(parseFacturaXml(xml))).toBe(xml);
    // Signed: the signature is ignored and the document is the one that was signed.
    expect(buildFacturaXml(parseFacturaXml(signComprobante(xml, credentials)))).toBe(xml);
  });

  it('gives the fields as written in the XML', () => {
    const doc = sampleFactura();
    const parsed = parseFacturaXml(signComprobante(buildFacturaXml(doc), credentials));
    expect(parsed.version).toBe('1.1.0');
    expect(parsed.infoTributaria).toEqual(doc.infoTributaria);
    expect(parsed.infoFactura).toEqual(doc.infoFactura);
    expect(parsed.detalles[0]).toMatchObject({ codigoPrincipal: 'LAP-14-0', descripcion: 'Laptop 14" — ñandú & <cía>', cantidad: '2.000000', precioUnitario: '850.000000', descuento: '50.00' });
    // The builder turns the newline into a space; the XML, not the input, is what was signed.
    expect(parsed.detalles[1].descripcion).toBe('Libro de contabilidad con salto');
    expect(parsed.infoAdicional).toEqual(doc.infoAdicional);
  });

  it('leaves absent optional fields absent, not empty', () => {
    const parsed = parseFacturaXml(buildFacturaXml(minimalFactura()));
    expect(Object.keys(parsed.infoTributaria)).not.toContain('nombreComercial');
    expect(Object.keys(parsed.infoFactura)).not.toContain('direccionComprador');
    expect(parsed.infoAdicional).toBeUndefined();
  });

  it('refuses what is not a readable factura, naming the problem', () => {
    expect(() => parseFacturaXml('<factura><infoTributaria>')).toThrow(/no se puede leer/);
    expect(() => parseFacturaXml('<notaCredito id="comprobante"/>')).toThrow(/<notaCredito> y no <factura>/);
    const xml = buildFacturaXml(sampleFactura()).replace(/<razonSocialComprador>[^<]*<\/razonSocialComprador>/, '');
    expect(() => parseFacturaXml(xml)).toThrow(expect.objectContaining({ code: 'UNPROCESSABLE', message: expect.stringContaining('falta <razonSocialComprador> en <infoFactura>') }));
  });
});
