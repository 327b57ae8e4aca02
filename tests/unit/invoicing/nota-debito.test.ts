/**
 * Nota de débito (codDoc 05, XSD 1.0.0): the XML of a worked example (interest and a cost, taxes at
 * two IVA rates, a payment) is valid for the server's validator and for xmllint, signs and verifies
 * with xmlsec1, reads back as written, and its RIDE carries the razones and valores table.
 */
import { describe, expect, it } from 'vitest';
import { buildNotaDebitoXml } from '../../../server/domain/comprobantes/nota-debito/build-nota-debito-xml.ts';
import { parseNotaDebitoXml } from '../../../server/domain/comprobantes/nota-debito/parse-nota-debito-xml.ts';
import { notaDebitoRide } from '../../../server/domain/comprobantes/nota-debito/nota-debito-ride.ts';
import type { NotaDebitoDocument } from '../../../server/domain/comprobantes/nota-debito/nota-debito-document.ts';
import { validateComprobanteXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { pdfText, xmllintValidate, xmlsec1Verify } from '../../helpers/xml-tools.ts';

const claveAcceso = buildClaveAcceso({ fechaEmision: '2026-11-21', codDoc: '05', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 3, codigoNumerico: '87654321', tipoEmision: '1' });

/** Interest 20.00 at 15 % and a 5.00 cost at 0 %: 25.00 + 3.00 IVA = 28.00. */
function sampleNota(): NotaDebitoDocument {
  return {
    version: '1.0.0',
    infoTributaria: { ambiente: '1', tipoEmision: '1', razonSocial: 'Comercial Ñandú S.A.', ruc: '1790016919001', claveAcceso, codDoc: '05', estab: '001', ptoEmi: '001', secuencial: '000000003', dirMatriz: 'Av. Amazonas N34-451, Quito' },
    infoNotaDebito: {
      fechaEmision: '21/11/2026',
      tipoIdentificacionComprador: '05',
      razonSocialComprador: 'María Fernanda Lozada',
      identificacionComprador: '1714307103',
      obligadoContabilidad: 'NO',
      codDocModificado: '01',
      numDocModificado: '001-001-000000045',
      fechaEmisionDocSustento: '01/10/2026',
      totalSinImpuestos: '25.00',
      impuestos: [
        { codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '20.00', valor: '3.00' },
        { codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '5.00', valor: '0.00' },
      ],
      valorTotal: '28.00',
      pagos: [{ formaPago: '20', total: '28.00', plazo: '30', unidadTiempo: 'dias' }],
    },
    motivos: [
      { razon: 'Interés por mora (30 días)', valor: '20.00' },
      { razon: 'Gastos de cobranza & envío', valor: '5.00' },
    ],
    infoAdicional: [{ nombre: 'Email', valor: 'maria@example.com' }],
  };
}

describe('nota de débito XML', () => {
  it('is valid against NotaDebito_V1.0.0.xsd for libxml2-wasm and for xmllint', () => {
    const xml = buildNotaDebitoXml(sampleNota());
    expect(validateComprobanteXml(xml, 'NotaDebito_V1.0.0.xsd')).toEqual({ valid: true, errors: [] });
    const lint = xmllintValidate(xml, 'NotaDebito_V1.0.0.xsd');
    expect(lint.output).toMatch(/validates/);
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<motivos><motivo><razon>Interés por mora (30 días)</razon><valor>20.00</valor></motivo>');
    expect(xml).toContain('<valorTotal>28.00</valorTotal><pagos><pago><formaPago>20</formaPago>');
  });

  it('is refused by the XSD without motivos', () => {
    const xml = buildNotaDebitoXml({ ...sampleNota(), motivos: [] });
    expect(validateComprobanteXml(xml, 'NotaDebito_V1.0.0.xsd').valid).toBe(false);
  });

  it('signs XAdES-BES: xmlsec1 verifies it, and not a tampered copy; it reads back as written', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
    const signed = signComprobante(buildNotaDebitoXml(sampleNota()), creds);
    expect(xmlsec1Verify(signed, 'notaDebito').ok).toBe(true);
    expect(xmlsec1Verify(signed.replace('<valorTotal>28.00<', '<valorTotal>2.00<'), 'notaDebito').ok).toBe(false);
    const parsed = parseNotaDebitoXml(signed);
    expect(parsed.motivos).toEqual(sampleNota().motivos);
    expect(parsed.infoNotaDebito.impuestos).toEqual(sampleNota().infoNotaDebito.impuestos);
    expect(parsed.infoNotaDebito.pagos).toEqual(sampleNota().infoNotaDebito.pagos);
  });

  it('prints a RIDE with the modified factura, the razones and valores and the totals', async () => {
    const { text } = await pdfText(await renderRide({ doc: notaDebitoRide(sampleNota()), labels: { formasPago: { '20': 'OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO' } } }));
    for (const expected of ['NOTA DE DÉBITO', 'Comprobante que se modifica: FACTURA 001-001-000000045', 'RAZÓN DE LA MODIFICACIÓN', 'Interés por mora (30 días) 20.00', 'Gastos de cobranza & envío 5.00', 'IVA 15 % 3.00', 'VALOR TOTAL 28.00', 'OTROS CON UTILIZACIÓN']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PROPINA');
    expect(text).not.toContain('TOTAL DESCUENTO');
  });
});
