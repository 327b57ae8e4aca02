/**
 * ComprobanteRetencionDocument: everything needed to write one SRI comprobante de retención (codDoc
 * 07, version 2.0.0) XML and its RIDE. Pure data; field names are the XML's
 * (ComprobanteRetencion_V2.0.0.xsd; shared/sri/SRI.md "Comprobante de retención"). Money: decimal
 * strings (USD, 2 places); porcentajeRetener and tarifa: percent strings (e.g. "1.75", "15");
 * dates dd/mm/aaaa; periodoFiscal MM/AAAA.
 */
import type { InfoTributaria } from '../xml/xml-writer.ts';

/** A tax of the supporting document (its IVA per rate): codImpuestoDocSustento 2 IVA, 3 ICE, 5 IRBPNR. */
export interface ImpuestoDocSustento {
  codImpuestoDocSustento: string;
  codigoPorcentaje: string;
  baseImponible: string;
  tarifa: string;
  valorImpuesto: string;
}

/** One withholding: codigo 1 renta / 2 IVA; codigoRetencion from the catalogs; base × % = valorRetenido. */
export interface Retencion {
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
}

/** One supporting document (a received factura, an own liquidación de compra) and what is withheld on it. */
export interface DocSustento {
  /** ATS tabla 5 (catalog cod_sustento). */
  codSustento: string;
  /** 01 factura, 03 liquidación de compra, … */
  codDocSustento: string;
  /** 15 digits: estab + ptoEmi + secuencial, no dashes. */
  numDocSustento: string;
  fechaEmisionDocSustento: string;
  fechaRegistroContable?: string;
  /** 10–49 digits: its authorisation number (the access key). */
  numAutDocSustento?: string;
  /** 01 local, 02 exterior (only 01 is offered). */
  pagoLocExt: '01' | '02';
  totalSinImpuestos: string;
  importeTotal: string;
  impuestosDocSustento: ImpuestoDocSustento[];
  retenciones: Retencion[];
  pagos: Array<{ formaPago: string; total: string }>;
}

export interface ComprobanteRetencionDocument {
  version: '2.0.0';
  infoTributaria: InfoTributaria & { codDoc: '07' };
  infoCompRetencion: {
    fechaEmision: string;
    dirEstablecimiento?: string;
    /** 3–5 alphanumeric characters in 2.0.0. */
    contribuyenteEspecial?: string;
    obligadoContabilidad?: 'SI' | 'NO';
    /** SRI tabla 6: 04 RUC, 05 cédula, 06 pasaporte, 08 exterior. */
    tipoIdentificacionSujetoRetenido: string;
    /** 01 persona natural, 02 sociedad: only for foreign identifications. */
    tipoSujetoRetenido?: string;
    parteRel: 'SI' | 'NO';
    razonSocialSujetoRetenido: string;
    identificacionSujetoRetenido: string;
    /** MM/AAAA of fechaEmision. */
    periodoFiscal: string;
  };
  docsSustento: DocSustento[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
