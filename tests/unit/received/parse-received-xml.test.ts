/**
 * Received comprobantes read from their XML (server/domain/received/): a factura, a retención 2.0.0
 * and 1.0.0, the SRI authorisation envelope (CDATA and escaped), and the checks on key, buyer and
 * signature.
 */
import { describe, expect, it } from 'vitest';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { parseReceivedXml } from '../../../server/domain/received/parse-received-xml.ts';
import { unwrapComprobante } from '../../../server/domain/received/read-authorization.ts';
import { checkReceivedDocument, isCompanyIdentification } from '../../../server/domain/received/check-received-document.ts';
import { escapeXml } from '../../../server/sri/xml-dom.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';
import { buildRetencionXml, signedRetencion } from '../../helpers/retencion-sample.ts';

const credentials = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' }), 'clave');
const facturaDoc = sampleFactura({ secuencial: 42, fecha: '2026-11-20' });
const signedFactura = signComprobante(buildFacturaXml(facturaDoc), credentials);
const buyer = { ruc: '1714307103001', razonSocial: 'María Fernanda Lozada' };

describe('parseReceivedXml', () => {
  it('reads a signed factura 1.1.0: header, buyer, totals to the cent, taxes per rate, pagos and detalles', () => {
    const doc = parseReceivedXml(signedFactura);
    expect(doc).toMatchObject({
      claveAcceso: facturaDoc.infoTributaria.claveAcceso,
      codDoc: '01',
      version: '1.1.0',
      ambiente: '1',
      estab: '001',
      ptoEmi: '001',
      secuencial: '000000042',
      fechaEmision: '2026-11-20',
      rucEmisor: '1790016919001',
      razonSocialEmisor: 'Comercial Ñandú S.A.',
      identificacionComprador: '1714307103',
      razonSocialComprador: 'María Fernanda Lozada',
      totalSinImpuestos: '1687.50',
      totalDescuento: '50.00',
      totalIva: '247.50',
      importeTotal: '1935.00',
    });
    expect(doc.impuestos).toEqual([
      { codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '37.50', valor: '0.00' },
      { codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '1650.00', valor: '247.50' },
    ]);
    expect(doc.detail.pagos).toEqual([
      { formaPago: '19', total: '1000.00', plazo: '30', unidadTiempo: 'dias' },
      { formaPago: '01', total: '935.00' },
    ]);
    expect(doc.detail.detalles?.[0]).toMatchObject({ codigoPrincipal: 'LAP-14-0', descripcion: 'Laptop 14" — ñandú & <cía>', cantidad: '2.000000', descuento: '50.00' });
    expect(doc.detail).toMatchObject({ dirMatriz: 'Av. Amazonas N34-451, Quito', tipoIdentificacionComprador: '05', nombreComercial: 'Ñandú' });
  });

  it('takes the IVA rate from its code when a total omits tarifa (factura 1.0.0)', () => {
    const xml = buildFacturaXml({ ...facturaDoc, version: '1.0.0', infoFactura: { ...facturaDoc.infoFactura, totalConImpuestos: facturaDoc.infoFactura.totalConImpuestos.map(({ tarifa: _t, ...rest }) => rest) } });
    expect(parseReceivedXml(xml).impuestos.map((i) => i.tarifa)).toEqual(['0', '15']);
  });

  it('reads a retención 2.0.0: the sujeto retenido as buyer, docsSustento with retenciones, the total withheld', () => {
    const r = signedRetencion({ rucEmisor: '1790016919001', razonSocialEmisor: 'Cliente Grande S.A.', rucSujetoRetenido: '1714307103001', razonSocialSujetoRetenido: 'María Fernanda Lozada', fechaEmision: '2026-11-21', secuencial: 7, facturaNumero: '001-001-000000042', facturaFecha: '2026-11-20', base: 1687.5, iva: 247.5 });
    const doc = parseReceivedXml(r.xml);
    // renta 1.75 % of 1687.50 = 29.53; IVA 30 % of 247.50 = 74.25
    expect(doc).toMatchObject({ codDoc: '07', version: '2.0.0', identificacionComprador: '1714307103001', razonSocialComprador: 'María Fernanda Lozada', importeTotal: '103.78', totalSinImpuestos: '0.00', totalIva: '0.00', impuestos: [] });
    expect(doc.detail).toMatchObject({ periodoFiscal: '11/2026', parteRel: 'NO', totalRetenido: '103.78', tipoIdentificacionComprador: '04' });
    expect(doc.detail.docsSustento).toEqual([
      {
        codSustento: '01',
        codDocSustento: '01',
        numDocSustento: '001001000000042',
        fechaEmisionDocSustento: '20/11/2026',
        totalSinImpuestos: '1687.50',
        importeTotal: '1935.00',
        impuestosDocSustento: [{ codImpuestoDocSustento: '2', codigoPorcentaje: '4', baseImponible: '1687.50', tarifa: '15', valorImpuesto: '247.50' }],
        retenciones: [
          { codigo: '1', codigoRetencion: '312', baseImponible: '1687.50', porcentajeRetener: '1.75', valorRetenido: '29.53' },
          { codigo: '2', codigoRetencion: '1', baseImponible: '247.50', porcentajeRetener: '30', valorRetenido: '74.25' },
        ],
        pagos: [{ formaPago: '20', total: '1831.22' }],
      },
    ]);
    expect(() => checkReceivedDocument(doc, r.xml, buyer)).not.toThrow();
  });

  it('reads a retención 1.0.0, grouping its impuestos by the document they withhold', () => {
    const xml =
      '<comprobanteRetencion id="comprobante" version="1.0.0"><infoTributaria><ambiente>1</ambiente><tipoEmision>1</tipoEmision><razonSocial>Cliente</razonSocial><ruc>1790016919001</ruc>' +
      '<claveAcceso>x</claveAcceso><codDoc>07</codDoc><estab>001</estab><ptoEmi>001</ptoEmi><secuencial>000000001</secuencial><dirMatriz>Quito</dirMatriz></infoTributaria>' +
      '<infoCompRetencion><fechaEmision>21/11/2026</fechaEmision><tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><razonSocialSujetoRetenido>Yo</razonSocialSujetoRetenido>' +
      '<identificacionSujetoRetenido>1714307103001</identificacionSujetoRetenido><periodoFiscal>11/2026</periodoFiscal></infoCompRetencion><impuestos>' +
      '<impuesto><codigo>1</codigo><codigoRetencion>312</codigoRetencion><baseImponible>100.00</baseImponible><porcentajeRetener>1.75</porcentajeRetener><valorRetenido>1.75</valorRetenido><codDocSustento>01</codDocSustento><numDocSustento>001001000000042</numDocSustento><fechaEmisionDocSustento>20/11/2026</fechaEmisionDocSustento></impuesto>' +
      '<impuesto><codigo>2</codigo><codigoRetencion>1</codigoRetencion><baseImponible>15.00</baseImponible><porcentajeRetener>30</porcentajeRetener><valorRetenido>4.50</valorRetenido><codDocSustento>01</codDocSustento><numDocSustento>001001000000042</numDocSustento><fechaEmisionDocSustento>20/11/2026</fechaEmisionDocSustento></impuesto>' +
      '</impuestos></comprobanteRetencion>';
    const doc = parseReceivedXml(xml);
    expect(doc.importeTotal).toBe('6.25');
    expect(doc.detail.docsSustento).toEqual([
      { codDocSustento: '01', numDocSustento: '001001000000042', fechaEmisionDocSustento: '20/11/2026', retenciones: [expect.objectContaining({ codigoRetencion: '312' }), expect.objectContaining({ codigoRetencion: '1', valorRetenido: '4.50' })] },
    ]);
  });

  it('refuses what is not a comprobante a buyer receives, with the field path', () => {
    expect(() => parseReceivedXml('<guiaRemision id="comprobante"/>')).toThrow(/guía de remisión/);
    expect(() => parseReceivedXml('<cualquiera/>')).toThrow(/no es un comprobante electrónico del SRI/);
    expect(() => parseReceivedXml('<factura')).toThrow(/no se puede leer/);
  });
});

describe('unwrapComprobante (the SRI authorisation envelope)', () => {
  const envelope = (comprobante: string, estado = 'AUTORIZADO') =>
    `<?xml version="1.0" encoding="UTF-8"?><autorizacion><estado>${estado}</estado><numeroAutorizacion>${facturaDoc.infoTributaria.claveAcceso}</numeroAutorizacion>` +
    `<fechaAutorizacion>2026-11-20T10:15:30-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante>${comprobante}</comprobante><mensajes/></autorizacion>`;

  it('takes the comprobante out of CDATA, with its authorisation number and date; the signature still verifies', () => {
    const text = envelope(`\n  <![CDATA[${signedFactura}]]>\n`);
    const out = unwrapComprobante(text);
    expect(out).toEqual({ xml: signedFactura, numeroAutorizacion: facturaDoc.infoTributaria.claveAcceso, fechaAutorizacion: '2026-11-20T10:15:30-05:00', authorizationXml: text });
    expect(() => checkReceivedDocument(parseReceivedXml(out.xml), out.xml, buyer)).not.toThrow();
  });

  it('reads an escaped comprobante the same way, and a bare one as is', () => {
    expect(unwrapComprobante(envelope(escapeXml(signedFactura))).xml).toBe(signedFactura);
    expect(unwrapComprobante(`\uFEFF${signedFactura}\n`)).toEqual({ xml: signedFactura });
  });

  it('refuses an envelope that is not AUTORIZADO', () => {
    expect(() => unwrapComprobante(envelope(`<![CDATA[${signedFactura}]]>`, 'NO AUTORIZADO'))).toThrow('El SRI no autorizó este comprobante (estado: NO AUTORIZADO)');
  });
});

describe('checks', () => {
  const doc = parseReceivedXml(signedFactura);
  it('accepts the buyer by RUC or by the cédula inside a natural person RUC', () => {
    expect(isCompanyIdentification('1714307103', '1714307103001')).toBe(true);
    expect(isCompanyIdentification('1714307103001', '1714307103001')).toBe(true);
    expect(isCompanyIdentification('1790016919', '1790016919001')).toBe(false); // a sociedad's RUC has no cédula inside
  });
  it('refuses another buyer, a key that disagrees with the XML, and a changed document', () => {
    expect(() => checkReceivedDocument(doc, signedFactura, { ruc: '1790016919001', razonSocial: 'Otra' })).toThrow(/no su empresa \(RUC 1790016919001\)/);
    expect(() => checkReceivedDocument({ ...doc, secuencial: '000000043' }, signedFactura, buyer)).toThrow('La clave de acceso no coincide con el comprobante: la clave dice secuencial "000000042" y el XML "000000043"');
    const key = doc.claveAcceso;
    expect(() => checkReceivedDocument({ ...doc, claveAcceso: `${key.slice(0, 48)}${(Number(key[48]) + 1) % 10}` }, signedFactura, buyer)).toThrow(/dígito verificador/);
    const changed = signedFactura.replace('María Fernanda Lozada', 'Otra Persona');
    expect(() => checkReceivedDocument(doc, changed, buyer)).toThrow(/La firma electrónica del comprobante no es válida/);
    expect(() => checkReceivedDocument(doc, buildRetencionXml({ rucEmisor: '1790016919001', razonSocialEmisor: 'x', rucSujetoRetenido: '1714307103001', razonSocialSujetoRetenido: 'y', fechaEmision: '2026-11-20', secuencial: 1, facturaNumero: '001-001-000000001', facturaFecha: '2026-11-20', base: 1, iva: 0.15 }).xml, buyer)).toThrow(/no está firmado/);
  });
});
