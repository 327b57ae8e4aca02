/**
 * Nota de crédito (codDoc 04, XSD 1.1.0): the XML of a worked example with two IVA rates and
 * 6-decimal quantities is valid for the server's validator and for xmllint, signs and verifies with
 * xmlsec1, reads back as written, and its RIDE names the modified factura, the motivo and the totals.
 */
import { describe, expect, it } from 'vitest';
import { buildNotaCreditoXml } from '../../../server/domain/comprobantes/nota-credito/build-nota-credito-xml.ts';
import { parseNotaCreditoXml } from '../../../server/domain/comprobantes/nota-credito/parse-nota-credito-xml.ts';
import { notaCreditoRide } from '../../../server/domain/comprobantes/nota-credito/nota-credito-ride.ts';
import type { NotaCreditoDocument } from '../../../server/domain/comprobantes/nota-credito/nota-credito-document.ts';
import { validateComprobanteXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { pdfText, xmllintValidate, xmlsec1Verify } from '../../helpers/xml-tools.ts';

const claveAcceso = buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '04', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '002', secuencial: 7, codigoNumerico: '12345678', tipoEmision: '1' });

/** A return of 1.5 units at 15 % and a 0 % line: 45.00 + 6.75 IVA, 10.00 at 0 % -> 61.75. */
function sampleNota(): NotaCreditoDocument {
  return {
    version: '1.1.0',
    infoTributaria: { ambiente: '1', tipoEmision: '1', razonSocial: 'Comercial Ñandú S.A.', ruc: '1790016919001', claveAcceso, codDoc: '04', estab: '001', ptoEmi: '002', secuencial: '000000007', dirMatriz: 'Av. Amazonas N34-451 y Atahualpa, Quito' },
    infoNotaCredito: {
      fechaEmision: '20/11/2026',
      dirEstablecimiento: 'Av. 10 de Agosto N21-55',
      tipoIdentificacionComprador: '04',
      razonSocialComprador: 'Distribuidora Andina Cía. Ltda.',
      identificacionComprador: '1792146739001',
      obligadoContabilidad: 'SI',
      codDocModificado: '01',
      numDocModificado: '001-002-000000123',
      fechaEmisionDocSustento: '02/11/2026',
      totalSinImpuestos: '55.00',
      valorModificacion: '61.75',
      moneda: 'DOLAR',
      totalConImpuestos: [
        { codigo: '2', codigoPorcentaje: '4', baseImponible: '45.00', valor: '6.75' },
        { codigo: '2', codigoPorcentaje: '0', baseImponible: '10.00', valor: '0.00' },
      ],
      motivo: 'Devolución de mercadería defectuosa & <rota>',
    },
    detalles: [
      { codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14" — ñandú', cantidad: '1.500000', precioUnitario: '30.000000', descuento: '0.00', precioTotalSinImpuesto: '45.00', impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '45.00', valor: '6.75' }] },
      { codigoPrincipal: 'LIB-01', codigoAuxiliar: 'AUX', descripcion: 'Libro de contabilidad', cantidad: '0.333333', precioUnitario: '30.000000', descuento: '0.00', precioTotalSinImpuesto: '10.00', impuestos: [{ codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '10.00', valor: '0.00' }] },
    ],
    infoAdicional: [{ nombre: 'Email', valor: 'compras@andina.ec' }],
  };
}

describe('nota de crédito XML', () => {
  it('is valid against NotaCredito_V1.1.0.xsd for libxml2-wasm and for xmllint, with 6-decimal quantities', () => {
    const xml = buildNotaCreditoXml(sampleNota());
    expect(validateComprobanteXml(xml, 'NotaCredito_V1.1.0.xsd')).toEqual({ valid: true, errors: [] });
    const lint = xmllintValidate(xml, 'NotaCredito_V1.1.0.xsd');
    expect(lint.output).toMatch(/validates/);
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<notaCredito id="comprobante" version="1.1.0">');
    expect(xml).toContain('<cantidad>0.333333</cantidad>');
    expect(xml).toContain('<detalle><codigoInterno>LIB-01</codigoInterno><codigoAdicional>AUX</codigoAdicional>');
    expect(xml).toContain('<motivo>Devolución de mercadería defectuosa &amp; &lt;rota&gt;</motivo>');
  });

  it('is refused by the XSD when an element is out of order', () => {
    const xml = buildNotaCreditoXml(sampleNota()).replace(/<motivo>[^<]*<\/motivo>/, '').replace('<totalConImpuestos>', '<motivo>x</motivo><totalConImpuestos>');
    const check = validateComprobanteXml(xml, 'NotaCredito_V1.1.0.xsd');
    expect(check.valid).toBe(false);
    expect(check.errors[0]).toMatch(/motivo/);
  });

  it('signs XAdES-BES: xmlsec1 verifies it, and not a tampered copy', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
    const signed = signComprobante(buildNotaCreditoXml(sampleNota()), creds);
    const ok = xmlsec1Verify(signed, 'notaCredito');
    expect(ok.output).toMatch(/SignedInfo References \(ok\/all\): 3\/3/);
    expect(ok.ok).toBe(true);
    expect(xmlsec1Verify(signed.replace('<valorModificacion>61.75<', '<valorModificacion>1.00<'), 'notaCredito').ok).toBe(false);
  });

  it('reads back as written, signature and all', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
    const doc = sampleNota();
    const parsed = parseNotaCreditoXml(signComprobante(buildNotaCreditoXml(doc), creds));
    expect(parsed.infoNotaCredito.motivo).toBe('Devolución de mercadería defectuosa & <rota>');
    expect(parsed.infoNotaCredito.totalConImpuestos).toEqual(doc.infoNotaCredito.totalConImpuestos);
    expect(parsed.detalles[1]).toEqual(doc.detalles[1]);
    expect(parsed.infoTributaria.claveAcceso).toBe(claveAcceso);
  });

  it('prints a RIDE with the modified factura, its date, the motivo and the totals without propina', async () => {
    const { text, pages } = await pdfText(await renderRide({ doc: notaCreditoRide(sampleNota()), numeroAutorizacion: claveAcceso, fechaAutorizacion: '2026-11-20T15:04:05Z' }));
    expect(pages).toBe(1);
    for (const expected of ['NOTA DE CRÉDITO', 'No. 001-002-000000007', 'Comprobante que se modifica: FACTURA 001-002-000000123', 'Fecha Emisión (Comprobante a modificar): 02/11/2026', 'Razón de Modificación: Devolución de mercadería defectuosa & <rota>', 'Distribuidora Andina', 'SUBTOTAL 15 % 45.00', 'SUBTOTAL 0 % 10.00', 'IVA 15 % 6.75', 'VALOR TOTAL 61.75']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PROPINA');
  });
});
