/**
 * Liquidación de compra (codDoc 03, XSD 1.1.0): a purchase from a person without RUC with lines at
 * two IVA rates (15 % and 0 %), priced by core/totals and stored as the draft stores them, becomes
 * an XML valid for the server's validator and for xmllint, with totals to the cent and 6 decimals
 * on cantidad and precioUnitario; it signs and verifies with xmlsec1, reads back as written, and its
 * RIDE carries the proveedor band and TOTAL DESCUENTO.
 */
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, IVA_RATES } from '../../../core/totals.ts';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { storedLine, totalColumns } from '../../../server/domain/comprobantes/draft-parts.ts';
import { buildLiquidacionCompraXml } from '../../../server/domain/comprobantes/liquidacion-compra/build-liquidacion-compra-xml.ts';
import { parseLiquidacionCompraXml } from '../../../server/domain/comprobantes/liquidacion-compra/parse-liquidacion-compra-xml.ts';
import { liquidacionCompraRide } from '../../../server/domain/comprobantes/liquidacion-compra/liquidacion-compra-ride.ts';
import { toLiquidacionCompraDocument } from '../../../server/domain/comprobantes/liquidacion-compra/to-liquidacion-compra-document.ts';
import { liquidacionDetail, type LiquidacionDetail } from '../../../server/domain/comprobantes/liquidacion-compra/save-liquidacion-compra-draft.ts';
import type { CompanyRow, EstablishmentRow } from '../../../server/domain/comprobantes/comprobante-type.ts';
import { validateComprobanteXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { pdfText, xmllintValidate, xmlsec1Verify } from '../../helpers/xml-tools.ts';

const XSD = 'LiquidacionCompra_V1.1.0.xsd';
const claveAcceso = buildClaveAcceso({ fechaEmision: '2026-11-23', codDoc: '03', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 7, codigoNumerico: '12345678', tipoEmision: '1' });

const company = { razonSocial: 'Agroexportadora Ñandú S.A.', nombreComercial: 'Ñandú', ruc: '1790016919001', dirMatriz: 'Av. Amazonas N34-451, Quito', obligadoContabilidad: true, contribuyenteEspecial: null, contribuyenteRimpe: null, agenteRetencion: '1' } as unknown as CompanyRow;
const establishment = { dirEstablecimiento: 'Km 12 vía a Machachi' } as unknown as EstablishmentRow;

/**
 * Fumigation: 2.5 × 40.123456 − 1.00 = 99.30864 -> 99.31 at 15 % (IVA 14.8965 -> 14.90); potatoes:
 * 10 × 18.75 = 187.50 at 0 %. totalSinImpuestos 286.81, totalDescuento 1.00, importeTotal 301.71.
 */
function sampleRow() {
  const lines = [
    { codigoPrincipal: 'SRV-FUM', descripcion: 'Servicio de fumigación & control', cantidad: 2.5, precioUnitario: 40.123456, descuento: 1, codigoPorcentajeIva: '4' },
    { codigoPrincipal: '', descripcion: 'Papa chola (quintal)', cantidad: 10, precioUnitario: 18.75, descuento: 0, codigoPorcentajeIva: '0' },
  ];
  const totals = computeInvoiceTotals({ detalles: lines, rates: IVA_RATES });
  const detail: LiquidacionDetail = { supplier: 's1', tipoIdentificacionProveedor: '05', identificacionProveedor: '1714307103', razonSocialProveedor: 'José Quishpe Tipán', direccionProveedor: 'Comuna Tola Chica, Tumbaco', emailProveedor: 'jose@example.com', mailTo: ['jose@example.com'] };
  return {
    estab: '001',
    ptoEmi: '001',
    fechaEmision: '2026-11-23',
    detalles: lines.map((l, i) => storedLine(l, totals.detalles[i])),
    pagos: [{ formaPago: '01', total: '301.71' }],
    infoAdicional: [{ nombre: 'Lote', valor: 'Cosecha noviembre' }],
    ...totalColumns(totals),
    typeDetail: liquidacionDetail.write(detail),
  };
}

const sampleDoc = () => toLiquidacionCompraDocument({ row: sampleRow() as never, company, establishment, numbering: { claveAcceso, secuencial: 7, ambiente: '1' } });

describe('liquidación de compra XML', () => {
  it('is valid against LiquidacionCompra_V1.1.0.xsd for libxml2-wasm and for xmllint, with totals to the cent', () => {
    const doc = sampleDoc();
    expect(doc.infoLiquidacionCompra).toMatchObject({ totalSinImpuestos: '286.81', totalDescuento: '1.00', importeTotal: '301.71' });
    expect(doc.infoLiquidacionCompra.totalConImpuestos).toEqual([
      { codigo: '2', codigoPorcentaje: '0', baseImponible: '187.50', tarifa: '0.00', valor: '0.00' },
      { codigo: '2', codigoPorcentaje: '4', baseImponible: '99.31', tarifa: '15.00', valor: '14.90' },
    ]);
    const xml = buildLiquidacionCompraXml(doc);
    expect(validateComprobanteXml(xml, XSD)).toEqual({ valid: true, errors: [] });
    const lint = xmllintValidate(xml, XSD);
    expect(lint.output).toMatch(/validates/);
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<liquidacionCompra id="comprobante" version="1.1.0"><infoTributaria><ambiente>1</ambiente>');
    expect(xml).toContain('<codDoc>03</codDoc>');
    expect(xml).toContain('<tipoIdentificacionProveedor>05</tipoIdentificacionProveedor><razonSocialProveedor>José Quishpe Tipán</razonSocialProveedor><identificacionProveedor>1714307103</identificacionProveedor><direccionProveedor>Comuna Tola Chica, Tumbaco</direccionProveedor><totalSinImpuestos>286.81</totalSinImpuestos><totalDescuento>1.00</totalDescuento>');
    expect(xml).toContain('<importeTotal>301.71</importeTotal><moneda>DOLAR</moneda><pagos><pago><formaPago>01</formaPago><total>301.71</total></pago></pagos></infoLiquidacionCompra>');
    expect(xml).toContain('<descripcion>Servicio de fumigación &amp; control</descripcion><cantidad>2.500000</cantidad><precioUnitario>40.123456</precioUnitario><descuento>1.00</descuento><precioTotalSinImpuesto>99.31</precioTotalSinImpuesto>');
    // A line without a code leaves codigoPrincipal out (optional in the XSD).
    expect(xml).toContain('<detalle><descripcion>Papa chola (quintal)</descripcion><cantidad>10.000000</cantidad><precioUnitario>18.750000</precioUnitario>');
    expect(xml).toContain('<campoAdicional nombre="Email">jose@example.com</campoAdicional><campoAdicional nombre="Lote">Cosecha noviembre</campoAdicional>');
  });

  it('is refused by the XSD with an impuesto other than IVA, or without descuento on a line', () => {
    const ice = sampleDoc();
    ice.detalles[0].impuestos[0].codigo = '3';
    expect(validateComprobanteXml(buildLiquidacionCompraXml(ice), XSD).valid).toBe(false);
    const noDiscount = buildLiquidacionCompraXml(sampleDoc()).replace('<descuento>1.00</descuento>', '');
    expect(validateComprobanteXml(noDiscount, XSD).valid).toBe(false);
  });

  it('signs XAdES-BES: xmlsec1 verifies it, and not a tampered copy; it reads back as written', () => {
    const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Agroexportadora Ñandú S.A.', password: 'clave' }), 'clave');
    const signed = signComprobante(buildLiquidacionCompraXml(sampleDoc()), creds);
    const verified = xmlsec1Verify(signed, 'liquidacionCompra');
    expect(verified.output).toMatch(/OK/);
    expect(verified.ok).toBe(true);
    expect(xmlsec1Verify(signed.replace('<importeTotal>301.71<', '<importeTotal>31.71<'), 'liquidacionCompra').ok).toBe(false);
    const parsed = parseLiquidacionCompraXml(signed);
    const doc = sampleDoc();
    expect(parsed.infoLiquidacionCompra).toEqual({ ...doc.infoLiquidacionCompra, contribuyenteEspecial: undefined, direccionProveedor: 'Comuna Tola Chica, Tumbaco' });
    expect(parsed.detalles.map((d) => [d.codigoPrincipal, d.cantidad, d.precioUnitario, d.descuento, d.precioTotalSinImpuesto])).toEqual([
      ['SRV-FUM', '2.500000', '40.123456', '1.00', '99.31'],
      ['', '10.000000', '18.750000', '0.00', '187.50'],
    ]);
    expect(parsed.infoAdicional).toEqual(doc.infoAdicional);
  });

  it('prints a RIDE with the proveedor band, the lines and the totals with TOTAL DESCUENTO', async () => {
    const { text } = await pdfText(await renderRide({ doc: liquidacionCompraRide(sampleDoc()), labels: { formasPago: { '01': 'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO' } } }));
    for (const expected of [
      'LIQUIDACIÓN DE COMPRA',
      'Razón Social / Nombres y Apellidos del Proveedor: José Quishpe Tipán',
      'Identificación: 1714307103',
      'Dirección: Comuna Tola Chica, Tumbaco',
      'Servicio de fumigación & control',
      'Papa chola (quintal)',
      'SUBTOTAL 15 % 99.31',
      'SUBTOTAL 0 % 187.50',
      'TOTAL DESCUENTO 1.00',
      'IVA 15 % 14.90',
      'VALOR TOTAL 301.71',
      'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PROPINA');
  });
});
