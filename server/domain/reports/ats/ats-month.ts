/**
 * One month of a company as the ATS builder reads it (shared/sri/ATS.md): what the gatherer
 * (gather-ats-month.ts) reads from the database, already filtered (confirmed, not annulled) and
 * shaped per document, so the builder and the check are pure. Money: decimal strings in USD as the
 * documents hold them; dates 'YYYY-MM-DD'; identification types as the comprobantes write them
 * (SRI tabla 6: 04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final, 08 exterior).
 */
import type { AtsSettings } from '../../../../core/ats-settings.ts';

/** Where a row came from: the screen links each problem and each row at fault to it. */
export type DocRef = {
  /** The API resource: 'received-document', 'purchase-settlement', 'invoice', 'credit-note', 'debit-note', 'withholding'. */
  resource: string;
  _id: string;
  /** '001-001-000000001'. */
  numero: string;
};

/** A tax total of a document (totalConImpuestos / impuestos): codigo 2 IVA, 3 ICE, 5 IRBPNR; SRI tabla 17 codigoPorcentaje. */
export interface TaxTotal {
  codigo: string;
  codigoPorcentaje: string;
  baseImponible: string;
  valor: string;
}

/** A withholding line of one of our comprobantes de retención: codigo 1 renta, 2 IVA. */
export interface RetencionLine {
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
}

/** A purchase: a received factura / nota (confirmed, not annulled) or an own liquidación de compra. */
export interface AtsCompra {
  ref: DocRef;
  /** SRI tabla 3: 01 factura, 03 liquidación, 04 nota de crédito, 05 nota de débito. */
  codDoc: string;
  /** The supplier's identification type as tabla 6 writes it (a received document's issuer: 04). */
  tipoIdentificacion: string;
  identificacion: string;
  razonSocial: string;
  estab: string;
  ptoEmi: string;
  secuencial: number;
  fechaEmision: string;
  /** Clave de acceso / authorisation number. */
  autorizacion: string;
  impuestos: TaxTotal[];
  importeTotal: string;
  /** pagos' formaPago codes (tabla 24 = ATS tabla 13). */
  formasPago: string[];
  /** Our retención on it, if any (AUTORIZADA): its codSustento, lines and number. */
  retencion: {
    ref: DocRef;
    codSustento: string;
    parteRel?: string;
    tipoSujetoRetenido?: string;
    estab: string;
    ptoEmi: string;
    secuencial: number;
    autorizacion: string;
    fechaEmision: string;
    lineas: RetencionLine[];
  } | null;
  /** Notas: the document they modify (codDocModificado, numDocModificado split). */
  modificado?: { codDoc: string; estab: string; ptoEmi: string; secuencial: number; autorizacion?: string };
  /** Notas: the codSustento of the retención on the modified document, when we have it. */
  codSustentoModificado?: string;
}

/** An issued sale (factura 01, nota de crédito 04, nota de débito 05), AUTORIZADA. */
export interface AtsVenta {
  ref: DocRef;
  codDoc: string;
  tipoIdentificacion: string;
  identificacion: string;
  razonSocial: string;
  estab: string;
  impuestos: TaxTotal[];
  formasPago: string[];
}

/** A retención a customer issued to us, dated in the month. */
export interface AtsRetencionRecibida {
  ref: DocRef;
  /** The customer (the retención's issuer): always a RUC. */
  identificacion: string;
  razonSocial: string;
  lineas: RetencionLine[];
}

/** An issued comprobante the SRI annulled (status ANULADA), dated in the month. */
export interface AtsAnulado {
  ref: DocRef;
  codDoc: string;
  estab: string;
  ptoEmi: string;
  secuencial: number;
  autorizacion: string;
}

export interface AtsMonth {
  ruc: string;
  razonSocial: string;
  year: number;
  /** 1–12. */
  month: number;
  /** The company's establishment codes ('001'…), the ones it has and the ones it sold from. */
  establishments: string[];
  compras: AtsCompra[];
  ventas: AtsVenta[];
  retencionesRecibidas: AtsRetencionRecibida[];
  anulados: AtsAnulado[];
  settings: AtsSettings;
}
