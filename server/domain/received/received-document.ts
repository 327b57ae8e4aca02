/**
 * What Emite reads from a received comprobante (DESIGN.md §8): the columns of table
 * received_document (server/db/schema/purchases.ts) and the document's own parts kept in `detail`.
 * Money as decimal strings with 2 places (USD), as the XML writes them; dates 'YYYY-MM-DD'.
 */
import type { ReceivedTaxTotal } from '../../db/schema/purchases.ts';

export type { ReceivedTaxTotal };

/** A payment of a factura, nota de débito, liquidación or retención's docSustento (SRI tabla 24 formaPago). */
export interface ReceivedPago {
  formaPago: string;
  total: string;
  plazo?: string;
  unidadTiempo?: string;
}

/** A line of a factura, liquidación or nota de crédito, values as written in the XML. */
export interface ReceivedDetalle {
  codigoPrincipal?: string;
  codigoAuxiliar?: string;
  descripcion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  impuestos: ReceivedTaxTotal[];
}

/** A withholding line (retención 1.0.0 impuesto / 2.0.0 retencion): codigo 1 renta, 2 IVA, 6 ISD. */
export interface ReceivedRetencion {
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
}

/**
 * A document a retención withholds (2.0.0 docSustento; in 1.0.0 the impuestos grouped by their
 * codDocSustento + numDocSustento). numDocSustento: 15 digits estab+ptoEmi+secuencial.
 */
export interface ReceivedDocSustento {
  codSustento?: string;
  codDocSustento: string;
  numDocSustento: string;
  fechaEmisionDocSustento?: string;
  numAutDocSustento?: string;
  totalSinImpuestos?: string;
  importeTotal?: string;
  impuestosDocSustento?: Array<{ codImpuestoDocSustento: string; codigoPorcentaje: string; baseImponible: string; tarifa: string; valorImpuesto: string }>;
  retenciones: ReceivedRetencion[];
  pagos?: ReceivedPago[];
}

/** The type's own parts (jsonb `detail`); only those the document has are present. */
export interface ReceivedDetail {
  nombreComercial?: string;
  dirMatriz?: string;
  dirEstablecimiento?: string;
  ambiente?: string;
  tipoIdentificacionComprador?: string;
  pagos?: ReceivedPago[];
  detalles?: ReceivedDetalle[];
  propina?: string;
  /** Notas: the factura they modify ('001-001-000000001'), its date dd/mm/aaaa, the reason. */
  codDocModificado?: string;
  numDocModificado?: string;
  fechaEmisionDocSustento?: string;
  motivo?: string;
  motivos?: Array<{ razon: string; valor: string }>;
  /** Retención: MM/AAAA, the documents withheld and the total withheld (USD). */
  periodoFiscal?: string;
  parteRel?: string;
  tipoSujetoRetenido?: string;
  docsSustento?: ReceivedDocSustento[];
  totalRetenido?: string;
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}

/** A received comprobante as parsed from its XML (before it is stored). */
export interface ParsedReceivedDocument {
  claveAcceso: string;
  /** SRI tabla 3: 01, 03, 04, 05, 07. */
  codDoc: string;
  version: string;
  /** '1' pruebas, '2' producción. */
  ambiente: string;
  estab: string;
  ptoEmi: string;
  /** 9 digits as written. */
  secuencial: string;
  /** 'YYYY-MM-DD'. */
  fechaEmision: string;
  rucEmisor: string;
  razonSocialEmisor: string;
  /** The buyer: identificacionComprador; retención: identificacionSujetoRetenido; liquidación: identificacionProveedor. */
  identificacionComprador: string;
  razonSocialComprador: string;
  /** USD, 2 decimals. For a retención: totalSinImpuestos and totalIva 0, importeTotal = total withheld. */
  totalSinImpuestos: string;
  totalDescuento: string;
  totalIva: string;
  importeTotal: string;
  impuestos: ReceivedTaxTotal[];
  detail: ReceivedDetail;
}
