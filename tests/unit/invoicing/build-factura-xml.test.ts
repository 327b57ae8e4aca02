import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import type { FacturaDocument } from '../../../server/domain/comprobantes/factura/factura-document.ts';
import { validateFacturaXml } from '../../../server/sri/validate-xsd.ts';
import { facturaWith15Adicionales, fullFactura, minimalFactura } from './factura-fixtures.ts';

const SAMPLE = new URL('../../../../shared/sri/samples/factura-1.1.0-unsigned.xml', import.meta.url);

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const childNames = (el: Element) => Array.from(el.childNodes).filter((n) => n.nodeType === 1).map((n) => (n as Element).localName);
const first = (xml: string, tag: string) => parse(xml).getElementsByTagName(tag)[0] as unknown as Element;

describe('buildFacturaXml', () => {
  it('writes a one-line factura with only required elements that validates against factura_V1.1.0.xsd', () => {
    const xml = buildFacturaXml(minimalFactura());
    expect(validateFacturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="1.1.0"><infoTributaria><ambiente>1</ambiente>')).toBe(true);
    expect(xml.endsWith('</detalles></factura>')).toBe(true);
    expect(xml).not.toMatch(/>\s+</); // compact: nothing between elements
    for (const absent of ['nombreComercial', 'agenteRetencion', 'contribuyenteRimpe', 'dirEstablecimiento', 'contribuyenteEspecial', 'obligadoContabilidad', 'guiaRemision', 'direccionComprador', 'descuentoAdicional', 'codigoAuxiliar', 'plazo', 'unidadTiempo', 'infoAdicional']) {
      expect(xml).not.toContain(`<${absent}`);
    }
    expect(childNames(parse(xml).documentElement as unknown as Element)).toEqual(['infoTributaria', 'infoFactura', 'detalles']);
  });

  it('writes five lines over every IVA kind with every optional element, in XSD order, and validates', () => {
    const xml = buildFacturaXml(fullFactura());
    expect(validateFacturaXml(xml)).toEqual({ valid: true, errors: [] });
    const doc = parse(xml);
    expect(childNames(doc.documentElement as unknown as Element)).toEqual(['infoTributaria', 'infoFactura', 'detalles', 'infoAdicional']);
    expect(childNames(first(xml, 'infoTributaria'))).toEqual(['ambiente', 'tipoEmision', 'razonSocial', 'nombreComercial', 'ruc', 'claveAcceso', 'codDoc', 'estab', 'ptoEmi', 'secuencial', 'dirMatriz', 'agenteRetencion', 'contribuyenteRimpe']);
    expect(childNames(first(xml, 'infoFactura'))).toEqual([
      'fechaEmision', 'dirEstablecimiento', 'contribuyenteEspecial', 'obligadoContabilidad', 'tipoIdentificacionComprador', 'guiaRemision', 'razonSocialComprador',
      'identificacionComprador', 'direccionComprador', 'totalSinImpuestos', 'totalDescuento', 'totalConImpuestos', 'propina', 'importeTotal', 'moneda', 'pagos',
    ]);
    expect(childNames(first(xml, 'totalImpuesto'))).toEqual(['codigo', 'codigoPorcentaje', 'descuentoAdicional', 'baseImponible', 'tarifa', 'valor']);
    expect(childNames(first(xml, 'detalle'))).toEqual(['codigoPrincipal', 'codigoAuxiliar', 'descripcion', 'cantidad', 'precioUnitario', 'descuento', 'precioTotalSinImpuesto', 'impuestos']);
    expect(childNames(first(xml, 'impuesto'))).toEqual(['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor']);
    expect(Array.from(doc.getElementsByTagName('codigoPorcentaje')).map((e) => e.textContent)).toEqual(['4', '0', '5', '6', '7', '4', '0', '5', '6', '7']);
    expect(xml).toContain('<pago><formaPago>19</formaPago><total>109.05</total><plazo>3</plazo><unidadTiempo>meses</unidadTiempo></pago><pago><formaPago>01</formaPago><total>100.00</total></pago>');
  });

  it('escapes & < > " \' and collapses newlines, tabs and control characters to one space', () => {
    const xml = buildFacturaXml(fullFactura());
    expect(xml).toContain('<razonSocial>ALMACENES &quot;EL ÑANDÚ&quot; &amp; ASOCIADOS S.A.</razonSocial>');
    expect(xml).toContain('<nombreComercial>El Ñandú &lt;Matriz&gt;</nombreComercial>');
    expect(xml).toContain('<razonSocialComprador>O&apos;Higgins Distribuciones Cía. Ltda.</razonSocialComprador>');
    expect(xml).toContain('<dirMatriz>Av. Amazonas N34-451 y Av. Atahualpa, Quito</dirMatriz>');
    expect(xml).toContain('<descripcion>Consultoría &lt;tributaria&gt; &amp; contable, 1.5 horas</descripcion>');
    expect(xml).toContain('<campoAdicional nombre="Observación">Entregar en bodega &quot;B&quot; &amp; llamar antes</campoAdicional>');
    expect(xml).not.toMatch(/[\r\n\t]/);
    // The text reads back as written (minus the collapsed breaks).
    expect(first(xml, 'razonSocial').textContent).toBe('ALMACENES "EL ÑANDÚ" & ASOCIADOS S.A.');

    const doc = minimalFactura();
    doc.detalles[0].descripcion = '  Martillo\u0000\u0007 de\tuña \uD800 16 oz \n';
    doc.infoTributaria.nombreComercial = ' \n\t ';
    const odd = buildFacturaXml(doc);
    expect(first(odd, 'descripcion').textContent).toBe('Martillo de uña  16 oz');
    expect(odd).not.toContain('<nombreComercial'); // blank optional: omitted
    expect(validateFacturaXml(odd).valid).toBe(true);
  });

  it('accepts the XSD maximum of 15 campoAdicional, drops blank ones, and never silently drops a 16th', () => {
    const fifteen = buildFacturaXml(facturaWith15Adicionales());
    expect(validateFacturaXml(fifteen).valid).toBe(true);
    expect(fifteen.match(/<campoAdicional /g)).toHaveLength(15);

    const blanks = minimalFactura();
    blanks.infoAdicional = [{ nombre: 'Email', valor: '' }, { nombre: 'Teléfono', valor: ' ' }];
    expect(buildFacturaXml(blanks)).not.toContain('infoAdicional');

    const sixteen = facturaWith15Adicionales();
    sixteen.infoAdicional!.push({ nombre: 'Campo 16', valor: 'Valor 16' });
    const xml = buildFacturaXml(sixteen);
    expect(xml.match(/<campoAdicional /g)).toHaveLength(16);
    const check = validateFacturaXml(xml);
    expect(check.valid).toBe(false);
    expect(check.errors.join(' ')).toMatch(/campoAdicional/);
  });

  it('pads decimals exactly per version, never rounds, and leaves over-precise values for the XSD to name', () => {
    const xml = buildFacturaXml(fullFactura());
    expect(xml).toContain('<cantidad>1.500000</cantidad><precioUnitario>100.000000</precioUnitario>');
    expect(xml).toContain('<cantidad>3.000000</cantidad><precioUnitario>2.350000</precioUnitario>');
    expect(xml).toContain('<tarifa>15.00</tarifa>');
    expect(xml).not.toMatch(/<tarifa>\d+<\/tarifa>/);

    const v100: FacturaDocument = { ...minimalFactura(), version: '1.0.0' };
    expect(buildFacturaXml(v100)).toContain('<cantidad>1.00</cantidad><precioUnitario>20.00</precioUnitario>');

    const precise = minimalFactura();
    precise.detalles[0].precioUnitario = '19.9999999'; // 7 decimals: more than factura 1.1.0 allows
    const check = validateFacturaXml(buildFacturaXml(precise));
    expect(buildFacturaXml(precise)).toContain('<precioUnitario>19.9999999</precioUnitario>');
    expect(check.valid).toBe(false);
    expect(check.errors.join(' ')).toMatch(/precioUnitario/);
  });

  it.each(['1.0.0', '1.1.0', '2.0.0', '2.1.0'] as const)('validates against factura_V%s.xsd', (version) => {
    for (const doc of [minimalFactura(), fullFactura(), facturaWith15Adicionales()]) {
      const xml = buildFacturaXml({ ...doc, version });
      expect(xml).toContain(`<factura id="comprobante" version="${version}">`);
      expect(validateFacturaXml(xml, version)).toEqual({ valid: true, errors: [] });
    }
  });

  it("writes the SRI's own sample (shared/sri/samples) element for element", () => {
    const sample = readFileSync(SAMPLE, 'utf8').replace(/>\s+</g, '><').trim();
    const doc: FacturaDocument = {
      version: '1.1.0',
      infoTributaria: {
        ambiente: '1', tipoEmision: '1', razonSocial: 'EMPRESA DE PRUEBA S.A.', nombreComercial: 'PRUEBA', ruc: '1790016919001',
        claveAcceso: '2211202601179001691900110010010000000011234567810', codDoc: '01', estab: '001', ptoEmi: '001', secuencial: '000000001', dirMatriz: 'AV. AMAZONAS Y NNUU',
      },
      infoFactura: {
        fechaEmision: '22/11/2026', dirEstablecimiento: 'AV. AMAZONAS Y NNUU', obligadoContabilidad: 'SI', tipoIdentificacionComprador: '05', razonSocialComprador: 'JUAN PEREZ',
        identificacionComprador: '1714307103', direccionComprador: 'QUITO', totalSinImpuestos: '100.00', totalDescuento: '0.00',
        totalConImpuestos: [{ codigo: '2', codigoPorcentaje: '4', baseImponible: '100.00', tarifa: '15.00', valor: '15.00' }],
        propina: '0.00', importeTotal: '115.00', moneda: 'DOLAR', pagos: [{ formaPago: '01', total: '115.00' }],
      },
      detalles: [{
        codigoPrincipal: 'P001', descripcion: 'SERVICIO DE PRUEBA', cantidad: '1', precioUnitario: '100', descuento: '0.00', precioTotalSinImpuesto: '100.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15', baseImponible: '100.00', valor: '15.00' }],
      }],
      infoAdicional: [{ nombre: 'Email', valor: 'cliente@example.com' }],
    };
    // The one difference: the sample writes the line's tarifa as "15"; Emite always writes "15.00".
    expect(buildFacturaXml(doc)).toBe(sample.replace('<tarifa>15</tarifa>', '<tarifa>15.00</tarifa>'));
  });

  it('is fast enough for the hot path (well under a millisecond for a 5-line factura)', () => {
    const doc = fullFactura();
    for (let i = 0; i < 200; i++) buildFacturaXml(doc);
    const t = performance.now();
    for (let i = 0; i < 2000; i++) buildFacturaXml(doc);
    expect((performance.now() - t) / 2000).toBeLessThan(0.5);
  });
});
