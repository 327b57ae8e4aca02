/**
 * A comprobante de retención 2.0.0 (shared/sri/xsd/ComprobanteRetencion_V2.0.0.xsd, element order
 * as the XSD enforces) withholding one factura, and its XAdES-BES signature with a generated test
 * certificate: what a customer sends us after we sell to them, for the received-documents tests
 * (Emite's own retención type is built elsewhere).
 */
import { buildClaveAcceso } from '../../core/access-key.ts';
import { toSriDate } from '../../core/guayaquil-date.ts';
import { escapeXml } from '../../server/sri/xml-dom.ts';
import { signComprobante } from '../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

export interface RetencionSample {
  /** The agente de retención (our customer) who issues it. */
  rucEmisor: string;
  razonSocialEmisor: string;
  /** Us: the seller withheld. */
  rucSujetoRetenido: string;
  razonSocialSujetoRetenido: string;
  /** 'YYYY-MM-DD'. */
  fechaEmision: string;
  secuencial: number;
  /** The factura withheld: '001-001-000000001' and 'YYYY-MM-DD'. */
  facturaNumero: string;
  facturaFecha: string;
  facturaClave?: string;
  /** The factura's base without IVA, its IVA and total (USD), IVA at 15 %. */
  base: number;
  iva: number;
  /** Renta 312 at 1.75 % of the base and IVA code 1 (30 %) of the IVA: valorRetenido computed. */
}

const m = (n: number) => n.toFixed(2);

/** The unsigned XML and its key; valorRetenido = 1.75 % of base + 30 % of IVA, each rounded. */
export function buildRetencionXml(s: RetencionSample): { xml: string; claveAcceso: string; totalRetenido: number } {
  const claveAcceso = buildClaveAcceso({ fechaEmision: s.fechaEmision, codDoc: '07', ruc: s.rucEmisor, ambiente: '1', estab: '001', ptoEmi: '001', secuencial: s.secuencial, codigoNumerico: '87654321' });
  const renta = Math.round(s.base * 1.75) / 100;
  const ivaRet = Math.round(s.iva * 30) / 100;
  const [y, mo] = s.fechaEmision.split('-');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><comprobanteRetencion id="comprobante" version="2.0.0">` +
    `<infoTributaria><ambiente>1</ambiente><tipoEmision>1</tipoEmision><razonSocial>${escapeXml(s.razonSocialEmisor)}</razonSocial><ruc>${s.rucEmisor}</ruc>` +
    `<claveAcceso>${claveAcceso}</claveAcceso><codDoc>07</codDoc><estab>001</estab><ptoEmi>001</ptoEmi><secuencial>${String(s.secuencial).padStart(9, '0')}</secuencial>` +
    `<dirMatriz>Av. de los Shyris, Quito</dirMatriz><agenteRetencion>1</agenteRetencion></infoTributaria>` +
    `<infoCompRetencion><fechaEmision>${toSriDate(s.fechaEmision)}</fechaEmision><obligadoContabilidad>SI</obligadoContabilidad>` +
    `<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><parteRel>NO</parteRel>` +
    `<razonSocialSujetoRetenido>${escapeXml(s.razonSocialSujetoRetenido)}</razonSocialSujetoRetenido><identificacionSujetoRetenido>${s.rucSujetoRetenido}</identificacionSujetoRetenido>` +
    `<periodoFiscal>${mo}/${y}</periodoFiscal></infoCompRetencion>` +
    `<docsSustento><docSustento><codSustento>01</codSustento><codDocSustento>01</codDocSustento><numDocSustento>${s.facturaNumero.replace(/-/g, '')}</numDocSustento>` +
    `<fechaEmisionDocSustento>${toSriDate(s.facturaFecha)}</fechaEmisionDocSustento>${s.facturaClave ? `<numAutDocSustento>${s.facturaClave}</numAutDocSustento>` : ''}<pagoLocExt>01</pagoLocExt>` +
    `<totalSinImpuestos>${m(s.base)}</totalSinImpuestos><importeTotal>${m(s.base + s.iva)}</importeTotal>` +
    `<impuestosDocSustento><impuestoDocSustento><codImpuestoDocSustento>2</codImpuestoDocSustento><codigoPorcentaje>4</codigoPorcentaje><baseImponible>${m(s.base)}</baseImponible><tarifa>15</tarifa><valorImpuesto>${m(s.iva)}</valorImpuesto></impuestoDocSustento></impuestosDocSustento>` +
    `<retenciones><retencion><codigo>1</codigo><codigoRetencion>312</codigoRetencion><baseImponible>${m(s.base)}</baseImponible><porcentajeRetener>1.75</porcentajeRetener><valorRetenido>${m(renta)}</valorRetenido></retencion>` +
    `<retencion><codigo>2</codigo><codigoRetencion>1</codigoRetencion><baseImponible>${m(s.iva)}</baseImponible><porcentajeRetener>30</porcentajeRetener><valorRetenido>${m(ivaRet)}</valorRetenido></retencion></retenciones>` +
    `<pagos><pago><formaPago>20</formaPago><total>${m(s.base + s.iva - renta - ivaRet)}</total></pago></pagos></docSustento></docsSustento>` +
    `<infoAdicional><campoAdicional nombre="Email">pagos@example.com</campoAdicional></infoAdicional></comprobanteRetencion>`;
  return { xml, claveAcceso, totalRetenido: Math.round((renta + ivaRet) * 100) / 100 };
}

/** The retención signed XAdES-BES with a fresh self-signed certificate of the issuer. */
export function signedRetencion(s: RetencionSample): { xml: string; claveAcceso: string; totalRetenido: number } {
  const built = buildRetencionXml(s);
  const p12 = generateTestP12({ ruc: s.rucEmisor, razonSocial: s.razonSocialEmisor, password: 'clave' });
  return { ...built, xml: signComprobante(built.xml, loadSigningCredentials(p12, 'clave')) };
}
