/**
 * Guía de remisión (codDoc 06, XSD 1.1.0): the XML of a worked example (one carrier, two
 * destinatarios: a sale with its sustento factura and a transfer to the company's own branch) is
 * valid for the server's validator and for xmllint, signs and verifies with xmlsec1, reads back as
 * written, and its RIDE carries the carrier band and every destinatario with its goods.
 */
import { describe, expect, it } from 'vitest';
import { buildGuiaRemisionXml } from '../../../server/domain/comprobantes/guia-remision/build-guia-remision-xml.ts';
import { parseGuiaRemisionXml } from '../../../server/domain/comprobantes/guia-remision/parse-guia-remision-xml.ts';
import { guiaRemisionRide } from '../../../server/domain/comprobantes/guia-remision/guia-remision-ride.ts';
import type { GuiaRemisionDocument } from '../../../server/domain/comprobantes/guia-remision/guia-remision-document.ts';
import { validateComprobanteXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { buildClaveAcceso, parseClaveAcceso } from '../../../core/access-key.ts';
import { pdfText, xmllintValidate, xmlsec1Verify } from '../../helpers/xml-tools.ts';

const claveAcceso = buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '06', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 7, codigoNumerico: '12345678', tipoEmision: '1' });

function sampleGuia(): GuiaRemisionDocument {
  return {
    version: '1.1.0',
    infoTributaria: { ambiente: '1', tipoEmision: '1', razonSocial: 'Comercial Ñandú S.A.', ruc: '1790016919001', claveAcceso, codDoc: '06', estab: '001', ptoEmi: '001', secuencial: '000000007', dirMatriz: 'Av. Amazonas N34-451, Quito' },
    infoGuiaRemision: {
      dirEstablecimiento: 'Av. Amazonas N34-451, Quito',
      dirPartida: 'Bodega Norte, Panamericana km 12',
      razonSocialTransportista: 'Transportes Andinos Cía. Ltda.',
      tipoIdentificacionTransportista: '04',
      rucTransportista: '1710744424001',
      obligadoContabilidad: 'SI',
      fechaIniTransporte: '20/11/2026',
      fechaFinTransporte: '22/11/2026',
      placa: 'PBA-1234',
    },
    destinatarios: [
      {
        identificacionDestinatario: '1714307103',
        razonSocialDestinatario: 'María Fernanda Lozada',
        dirDestinatario: 'Cuenca, Av. Solano 1-23',
        motivoTraslado: 'Venta',
        ruta: 'Quito - Riobamba - Cuenca',
        codDocSustento: '01',
        numDocSustento: '001-001-000000045',
        numAutDocSustento: '2011202601179001691900110010010000000451234567811',
        fechaEmisionDocSustento: '19/11/2026',
        detalles: [
          { codigoInterno: 'LAP-01', descripcion: 'Laptop 14"', cantidad: '2' },
          { codigoInterno: 'LIB-01', codigoAdicional: 'ISBN-978', descripcion: 'Libro de contabilidad & finanzas', cantidad: '1.5' },
        ],
      },
      {
        identificacionDestinatario: '1790016919001',
        razonSocialDestinatario: 'Comercial Ñandú S.A. (sucursal Guayaquil)',
        dirDestinatario: 'Guayaquil, Av. 9 de Octubre 100',
        motivoTraslado: 'Transferencia entre establecimientos',
        codEstabDestino: '002',
        detalles: [{ descripcion: 'Cajas de papel bond', cantidad: '40' }],
      },
    ],
    infoAdicional: [{ nombre: 'Chofer', valor: 'Luis Pérez' }],
  };
}

describe('guía de remisión XML', () => {
  it('is valid against GuiaRemision_V1.1.0.xsd for libxml2-wasm and for xmllint, with two destinatarios', () => {
    const xml = buildGuiaRemisionXml(sampleGuia());
    expect(validateComprobanteXml(xml, 'GuiaRemision_V1.1.0.xsd')).toEqual({ valid: true, errors: [] });
    const lint = xmllintValidate(xml, 'GuiaRemision_V1.1.0.xsd');
    expect(lint.output).toMatch(/validates/);
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<fechaIniTransporte>20/11/2026</fechaIniTransporte><fechaFinTransporte>22/11/2026</fechaFinTransporte><placa>PBA-1234</placa>');
    expect(xml.match(/<destinatario>/g)).toHaveLength(2);
    expect(xml).toContain('<detalle><codigoInterno>LIB-01</codigoInterno><codigoAdicional>ISBN-978</codigoAdicional><descripcion>Libro de contabilidad &amp; finanzas</descripcion><cantidad>1.500000</cantidad></detalle>');
    // The key is dated with fechaIniTransporte (the guía has no fechaEmision).
    expect(parseClaveAcceso(claveAcceso).fechaEmision).toBe('2026-11-20');
  });

  it('is refused by the XSD without destinatarios or with a malformed sustento number', () => {
    expect(validateComprobanteXml(buildGuiaRemisionXml({ ...sampleGuia(), destinatarios: [] }), 'GuiaRemision_V1.1.0.xsd').valid).toBe(false);
    const [first, second] = sampleGuia().destinatarios;
    expect(validateComprobanteXml(buildGuiaRemisionXml({ ...sampleGuia(), destinatarios: [{ ...first, numDocSustento: '001001000000045' }, second] }), 'GuiaRemision_V1.1.0.xsd').valid).toBe(false);
  });

  it('signs XAdES-BES: xmlsec1 verifies it, and not a tampered copy; it reads back as written', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
    const signed = signComprobante(buildGuiaRemisionXml(sampleGuia()), creds);
    expect(xmlsec1Verify(signed, 'guiaRemision').ok).toBe(true);
    expect(xmlsec1Verify(signed.replace('<placa>PBA-1234<', '<placa>PBA-9999<'), 'guiaRemision').ok).toBe(false);
    const parsed = parseGuiaRemisionXml(signed);
    expect(parsed.infoGuiaRemision).toEqual(sampleGuia().infoGuiaRemision);
    expect(parsed.destinatarios.map((d) => d.razonSocialDestinatario)).toEqual(['María Fernanda Lozada', 'Comercial Ñandú S.A. (sucursal Guayaquil)']);
    expect(parsed.destinatarios[0].detalles[1]).toEqual({ codigoInterno: 'LIB-01', codigoAdicional: 'ISBN-978', descripcion: 'Libro de contabilidad & finanzas', cantidad: '1.500000' });
    expect(parsed.destinatarios[1].codEstabDestino).toBe('002');
  });

  it('prints a RIDE with the carrier band, the plate and every destinatario with its goods', async () => {
    const { text } = await pdfText(await renderRide({ doc: guiaRemisionRide(sampleGuia()), labels: { formasPago: {} } }));
    for (const expected of [
      'GUÍA DE REMISIÓN',
      '1710744424001',
      'Transportes Andinos Cía. Ltda.',
      'PBA-1234',
      'Bodega Norte, Panamericana km 12',
      '20/11/2026',
      '22/11/2026',
      'FACTURA 001-001-000000045',
      'María Fernanda Lozada',
      'Cuenca, Av. Solano 1-23',
      'Venta',
      'Comercial Ñandú S.A. (sucursal Guayaquil)',
      'Transferencia entre establecimientos',
      'Laptop 14"',
      'Cajas de papel bond',
      'Cantidad',
      'Código Auxiliar',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('VALOR TOTAL');
  });
});
