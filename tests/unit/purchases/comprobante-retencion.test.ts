/**
 * Comprobante de retención (codDoc 07, XSD 2.0.0): a worked example — one received factura with
 * two renta codes (312 on the goods, 3440 on the rest) and an IVA code (30 %) — is valid for the
 * server's validator and for xmllint, signs and verifies with xmlsec1, reads back as written, and
 * its RIDE carries the sujeto retenido, the table rows and the total withheld. rateInForce picks a
 * code's percentage by date (312: 1.75 % before 2026-03-01, 2 % from then).
 */
import { describe, expect, it } from 'vitest';
import { buildComprobanteRetencionXml } from '../../../server/domain/comprobantes/comprobante-retencion/build-comprobante-retencion-xml.ts';
import { parseComprobanteRetencionXml } from '../../../server/domain/comprobantes/comprobante-retencion/parse-comprobante-retencion-xml.ts';
import { comprobanteRetencionRide } from '../../../server/domain/comprobantes/comprobante-retencion/comprobante-retencion-ride.ts';
import type { ComprobanteRetencionDocument } from '../../../server/domain/comprobantes/comprobante-retencion/comprobante-retencion-document.ts';
import { validateComprobanteXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { lateWithholdingWarning, rateInForce, valorRetenido } from '../../../core/withholding-rates.ts';
import { SRI_CATALOGS } from '../../../server/db/seed/sri-catalogs.ts';
import { pdfText, xmllintValidate, xmlsec1Verify } from '../../helpers/xml-tools.ts';

const XSD = 'ComprobanteRetencion_V2.0.0.xsd';
const claveAcceso = buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '07', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 12, codigoNumerico: '12345678', tipoEmision: '1' });
const catalog = (name: string) => SRI_CATALOGS.find((c) => c.name === name)!.entries;
const entry = (name: string, code: string) => ({ ...catalog(name).find((e) => e.code === code)!, data: catalog(name).find((e) => e.code === code)!.data as { rates: Array<{ percent: number }> } });

/** Factura 002-010-000000345: goods 800.00 and services 200.00 at 15 % (IVA 150.00), total 1,150.00. */
function sampleRetencion(): ComprobanteRetencionDocument {
  return {
    version: '2.0.0',
    infoTributaria: { ambiente: '1', tipoEmision: '1', razonSocial: 'Comercial Ñandú S.A.', ruc: '1790016919001', claveAcceso, codDoc: '07', estab: '001', ptoEmi: '001', secuencial: '000000012', dirMatriz: 'Av. Amazonas N34-451, Quito', agenteRetencion: '1' },
    infoCompRetencion: {
      fechaEmision: '20/11/2026',
      dirEstablecimiento: 'Av. Amazonas N34-451, Quito',
      contribuyenteEspecial: '5368',
      obligadoContabilidad: 'SI',
      tipoIdentificacionSujetoRetenido: '04',
      parteRel: 'NO',
      razonSocialSujetoRetenido: 'Distribuidora Andina & Cía.',
      identificacionSujetoRetenido: '1792060346001',
      periodoFiscal: '11/2026',
    },
    docsSustento: [
      {
        codSustento: '01',
        codDocSustento: '01',
        numDocSustento: '002010000000345',
        fechaEmisionDocSustento: '18/11/2026',
        numAutDocSustento: '1811202601179206034600120020100000003451234567818',
        pagoLocExt: '01',
        totalSinImpuestos: '1000.00',
        importeTotal: '1150.00',
        impuestosDocSustento: [{ codImpuestoDocSustento: '2', codigoPorcentaje: '4', baseImponible: '1000.00', tarifa: '15', valorImpuesto: '150.00' }],
        retenciones: [
          { codigo: '1', codigoRetencion: '312', baseImponible: '800.00', porcentajeRetener: '2', valorRetenido: valorRetenido('800.00', 2) },
          { codigo: '1', codigoRetencion: '3440', baseImponible: '200.00', porcentajeRetener: '3', valorRetenido: valorRetenido('200.00', 3) },
          { codigo: '2', codigoRetencion: '1', baseImponible: '150.00', porcentajeRetener: '30', valorRetenido: valorRetenido('150.00', 30) },
        ],
        pagos: [{ formaPago: '20', total: '1150.00' }],
      },
    ],
    infoAdicional: [{ nombre: 'Email', valor: 'ventas@andina.example' }],
  };
}

describe('rates by date (core/withholding-rates.ts)', () => {
  it('312 is 1.75 % until 2026-02-28 and 2 % from 2026-03-01; IVA code 1 is 30 %; a date before any period is refused in Spanish', () => {
    expect(rateInForce(entry('retencion_renta', '312'), '2025-12-31')).toBe(1.75);
    expect(rateInForce(entry('retencion_renta', '312'), '2026-02-28')).toBe(1.75);
    expect(rateInForce(entry('retencion_renta', '312'), '2026-03-01')).toBe(2);
    expect(rateInForce(entry('retencion_renta', '312'), '2026-11-24')).toBe(2);
    expect(rateInForce(entry('retencion_renta', '303'), '2026-11-24')).toBe(10);
    expect(rateInForce(entry('retencion_iva', '1'), '2026-11-24')).toBe(30);
    expect(rateInForce(entry('retencion_iva', '3'), '2020-01-01')).toBe(100);
    expect(() => rateInForce(entry('retencion_renta', '312'), '2023-06-30')).toThrow(/312 no tiene un porcentaje vigente al 30\/06\/2023/);
    expect(() => rateInForce({ code: 'X', data: {} }, '2026-01-01')).toThrow(/vigente/);
  });

  it('valorRetenido rounds half-up to cents with decimals, never floats; the 5-day warning', () => {
    expect(valorRetenido('1000.00', 1.75)).toBe('17.50');
    expect(valorRetenido('123.45', 2.75)).toBe('3.39'); // 3.394875
    expect(valorRetenido('0.30', 1.75)).toBe('0.01'); // 0.00525 -> 0.01
    expect(valorRetenido('1.15', 10)).toBe('0.12'); // 0.115: a float gives 0.11
    expect(lateWithholdingWarning('2026-11-18', '2026-11-23')).toBeNull();
    expect(lateWithholdingWarning('2026-11-18', '2026-11-24')).toMatch(/6 días/);
  });

  it('every seeded rate entry has a percentage in force today, and the catalogs the editor needs exist', () => {
    for (const name of ['retencion_renta', 'retencion_iva']) {
      for (const e of catalog(name)) expect(() => rateInForce({ code: e.code, data: e.data as never }, '2026-11-24'), `${name} ${e.code}`).not.toThrow();
    }
    expect(catalog('retencion_iva').map((e) => e.code)).toEqual(expect.arrayContaining(['9', '10', '1', '11', '2', '3', '7']));
    expect(catalog('retencion_renta').map((e) => e.code)).toEqual(expect.arrayContaining(['303', '304', '307', '308', '309', '310', '312', '320', '322', '323', '332', '343', '3440', '303A', '312A', '312C', '3482']));
    expect(catalog('cod_sustento').map((e) => e.code)).toEqual(['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10']);
  });
});

describe('comprobante de retención XML 2.0.0', () => {
  it('is valid against ComprobanteRetencion_V2.0.0.xsd for libxml2-wasm and for xmllint, two renta codes and an IVA code on one factura', () => {
    const xml = buildComprobanteRetencionXml(sampleRetencion());
    expect(validateComprobanteXml(xml, XSD)).toEqual({ valid: true, errors: [] });
    const lint = xmllintValidate(xml, XSD);
    expect(lint.output).toMatch(/validates/);
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<comprobanteRetencion id="comprobante" version="2.0.0">');
    expect(xml).toContain('<agenteRetencion>1</agenteRetencion>');
    expect(xml).toContain('<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><parteRel>NO</parteRel><razonSocialSujetoRetenido>Distribuidora Andina &amp; Cía.</razonSocialSujetoRetenido><identificacionSujetoRetenido>1792060346001</identificacionSujetoRetenido><periodoFiscal>11/2026</periodoFiscal>');
    expect(xml).toContain('<retencion><codigo>1</codigo><codigoRetencion>312</codigoRetencion><baseImponible>800.00</baseImponible><porcentajeRetener>2</porcentajeRetener><valorRetenido>16.00</valorRetenido></retencion>');
    expect(xml).toContain('<retencion><codigo>1</codigo><codigoRetencion>3440</codigoRetencion><baseImponible>200.00</baseImponible><porcentajeRetener>3</porcentajeRetener><valorRetenido>6.00</valorRetenido></retencion>');
    expect(xml).toContain('<retencion><codigo>2</codigo><codigoRetencion>1</codigoRetencion><baseImponible>150.00</baseImponible><porcentajeRetener>30</porcentajeRetener><valorRetenido>45.00</valorRetenido></retencion>');
    expect(xml).toContain('<pagoLocExt>01</pagoLocExt><totalSinImpuestos>1000.00</totalSinImpuestos><importeTotal>1150.00</importeTotal>');
  });

  it('takes 1.75 % and 100 % as percentages, and refuses a dashed numDocSustento, a 6-character contribuyenteEspecial and no retenciones', () => {
    const doc = sampleRetencion();
    doc.docsSustento[0].retenciones[0] = { ...doc.docsSustento[0].retenciones[0], porcentajeRetener: '1.75', valorRetenido: '14.00' };
    doc.docsSustento[0].retenciones[2] = { ...doc.docsSustento[0].retenciones[2], porcentajeRetener: '100.00', valorRetenido: '150.00' };
    expect(validateComprobanteXml(buildComprobanteRetencionXml(doc), XSD)).toEqual({ valid: true, errors: [] });
    expect(xmllintValidate(buildComprobanteRetencionXml(doc), XSD).ok).toBe(true);
    const dashed = sampleRetencion();
    dashed.docsSustento[0].numDocSustento = '002-010-000000345';
    expect(validateComprobanteXml(buildComprobanteRetencionXml(dashed), XSD).valid).toBe(false);
    const longEspecial = sampleRetencion();
    longEspecial.infoCompRetencion.contribuyenteEspecial = '123456';
    expect(validateComprobanteXml(buildComprobanteRetencionXml(longEspecial), XSD).valid).toBe(false);
    const none = sampleRetencion();
    none.docsSustento[0].retenciones = [];
    expect(validateComprobanteXml(buildComprobanteRetencionXml(none), XSD).valid).toBe(false);
  });

  it('signs XAdES-BES: xmlsec1 verifies it, and not a tampered copy; it reads back as written', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
    const signed = signComprobante(buildComprobanteRetencionXml(sampleRetencion()), creds);
    expect(xmlsec1Verify(signed, 'comprobanteRetencion').ok).toBe(true);
    expect(xmlsec1Verify(signed.replace('<valorRetenido>45.00<', '<valorRetenido>4.50<'), 'comprobanteRetencion').ok).toBe(false);
    const parsed = parseComprobanteRetencionXml(signed);
    expect(parsed.infoCompRetencion).toEqual(sampleRetencion().infoCompRetencion);
    expect(parsed.docsSustento[0]).toEqual({ ...sampleRetencion().docsSustento[0], impuestosDocSustento: [{ ...sampleRetencion().docsSustento[0].impuestosDocSustento[0], tarifa: '15' }] });
    expect(parsed.infoTributaria.agenteRetencion).toBe('1');
  });

  it('prints a RIDE with the sujeto retenido band, one table row per retención and the total withheld', async () => {
    const { text } = await pdfText(await renderRide({ doc: comprobanteRetencionRide(sampleRetencion()), labels: { formasPago: {} } }));
    for (const expected of [
      'COMPROBANTE DE RETENCIÓN',
      'Distribuidora Andina & Cía.',
      '1792060346001',
      'Sujeto retenido',
      '11/2026',
      'Comprobante',
      'Ejercicio fiscal',
      'Base imponible',
      '% retención',
      'Valor retenido',
      'FACTURA',
      '002-010-000000345',
      '18/11/2026',
      '800.00',
      'RENTA 312',
      'RENTA 3440',
      'IVA 1',
      '16.00',
      '6.00',
      '45.00',
      'TOTAL RETENIDO',
      '67.00',
      'Agente de Retención Resolución No.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names each sustento's document by the registry's label, a nota de venta by SRI tabla 4, an unknown code by itself", () => {
    const base = sampleRetencion();
    const withSustento = (codDocSustento: string): ComprobanteRetencionDocument => ({ ...base, docsSustento: [{ ...base.docsSustento[0], codDocSustento }] });
    const firstCell = (codDoc: string) => {
      const ride = comprobanteRetencionRide(withSustento(codDoc));
      const table = ride.sections.find((s) => 'rows' in s && s.rows.length > 0) as { rows: string[][] };
      return table.rows[0][0];
    };
    expect(['01', '03', '04', '05', '02', '99'].map(firstCell)).toEqual(['FACTURA', 'LIQUIDACIÓN DE COMPRA', 'NOTA DE CRÉDITO', 'NOTA DE DÉBITO', 'NOTA DE VENTA', '99']);
  });
});
