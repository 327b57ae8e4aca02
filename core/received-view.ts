/**
 * A received comprobante as both programs read it (DESIGN.md §4 `/api/received-document`, §8):
 * the parts Emite keeps from its XML (`ReceivedDetail`, table received_document's jsonb `detail`:
 * values as the XML writes them, money as 2-decimal strings, dates as written), and the API's list
 * row (`ReceivedSummary`) and whole document (`ReceivedView`), built by
 * server/domain/received/received-view.ts and read by src/renderers/received/. In the views money
 * is a number (USD, 2 places), fechaEmision 'YYYY-MM-DD', instants ISO 8601, numero '001-001-000000001'.
 */
import type { SriEstado } from './annulment.ts';
import type { BalanceFields } from './receivables.ts';

/** A total per tax and rate as stored (table received_document, jsonb `impuestos`): strings as in the XML. */
export interface ReceivedTaxTotal {
  codigo: string;
  codigoPorcentaje: string;
  tarifa: string;
  baseImponible: string;
  valor: string;
}

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

/**
 * The type's own parts (jsonb `detail`); only those the document has are present. A type, not an
 * interface, so that it is a plain record (the route's response schema declares `detail` an open object).
 */
export type ReceivedDetail = {
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
};

/** A retención we issued on a received document (table comprobante, cod_doc 07, related_id = its _id). */
export interface WithholdingRef {
  _id: string;
  numero: string | null;
  status: string;
}

/**
 * A row of `GET /api/received-document`: no XML, no detail. A factura or a nota de débito (01, 05)
 * adds what is owed on it (payables, DESIGN.md §12: the balance fields); other types have none.
 * (A type, not an interface, so that it is a plain record: a webhook event carries it as `data`.)
 */
export type ReceivedSummary = Partial<BalanceFields> & {
  _id: string;
  claveAcceso: string;
  codDoc: string;
  version: string;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  numero: string;
  fechaEmision: string;
  fechaAutorizacion: string | null;
  numeroAutorizacion: string | null;
  rucEmisor: string;
  razonSocialEmisor: string;
  identificacionComprador: string;
  razonSocialComprador: string;
  /** The supplier record's _id, once linked. */
  supplier: string | null;
  totalSinImpuestos: number;
  totalDescuento: number;
  totalIva: number;
  importeTotal: number;
  /** A retención of ours that counts (issued, not refused) was made on it. */
  withheld: boolean;
  /** A retención received: our factura it withholds; null for other types. */
  relatedInvoice: string | null;
  /** A supplier's nota de crédito: their factura it modifies; null for other types. */
  modifiedDocument: string | null;
  /** How it entered: 'clave', 'xml', 'txt'. */
  source: string;
  /** DESIGN.md §10: the SRI returned this key authorised with this same comprobante (an upload: false until confirmed). */
  confirmado: boolean;
  /** The SRI's last word on the key: AUTORIZADO, NO AUTORIZADO, PENDIENTE DE ANULAR, ANULADO; null when never asked. */
  sriEstado: SriEstado | null;
  sriCheckedAt: string | null;
  /** Why the last confirmation failed (Spanish). */
  confirmMessage: string | null;
  createdAt: string;
};

/** A total per tax and rate in the view: amounts as numbers. */
export interface ReceivedTax {
  codigo: string;
  codigoPorcentaje: string;
  tarifa: number;
  baseImponible: number;
  valor: number;
}

/** `GET /api/received-document/{_id}`: the summary plus taxes per rate, pagos, the parsed detail and our retenciones on it. */
export type ReceivedView = ReceivedSummary & {
  impuestos: ReceivedTax[];
  pagos: Array<{ formaPago: string; total: number; plazo?: number; unidadTiempo?: string }>;
  detail: ReceivedDetail;
  withholdings: WithholdingRef[];
};
