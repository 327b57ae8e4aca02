/**
 * The received comprobante as the Recibidos screens use it: the API view of
 * `GET /api/received-document/{_id}` (server/domain/received/received-view.ts), the Spanish name of
 * each type, and the check of an access key as it is typed.
 */
import { isValidClaveAcceso } from '../../../core/access-key.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';

export const RECEIVED_API = '/api/received-document';

export interface ReceivedTax {
  codigo: string;
  codigoPorcentaje: string;
  tarifa: number;
  baseImponible: number;
  valor: number;
}

export interface ReceivedDetalle {
  codigoPrincipal?: string;
  descripcion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
}

export interface ReceivedRetencion {
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
}

export interface ReceivedDocSustento {
  codDocSustento: string;
  numDocSustento: string;
  fechaEmisionDocSustento?: string;
  retenciones: ReceivedRetencion[];
}

/** `GET /api/received-document/{_id}`: money as numbers (USD). */
export interface ReceivedView {
  _id: string;
  claveAcceso: string;
  codDoc: string;
  version: string;
  numero: string;
  fechaEmision: string;
  fechaAutorizacion: string | null;
  numeroAutorizacion: string | null;
  rucEmisor: string;
  razonSocialEmisor: string;
  identificacionComprador: string;
  razonSocialComprador: string;
  supplier: string | null;
  totalSinImpuestos: number;
  totalDescuento: number;
  totalIva: number;
  importeTotal: number;
  impuestos: ReceivedTax[];
  pagos: Array<{ formaPago: string; total: number; plazo?: number; unidadTiempo?: string }>;
  detail: {
    dirMatriz?: string;
    detalles?: ReceivedDetalle[];
    numDocModificado?: string;
    motivo?: string;
    motivos?: Array<{ razon: string; valor: string }>;
    periodoFiscal?: string;
    docsSustento?: ReceivedDocSustento[];
  };
  withheld: boolean;
  withholdings: Array<{ _id: string; numero: string | null; status: string }>;
  relatedInvoice: string | null;
  source: string;
  /** DESIGN.md §10: the SRI returned this key authorised with this same comprobante (an upload: false until confirmed). */
  confirmado: boolean;
  /** The SRI's last word on the key: AUTORIZADO, NO AUTORIZADO, PENDIENTE DE ANULAR, ANULADO; null when never asked. */
  sriEstado: string | null;
  sriCheckedAt: string | null;
  /** Why the last confirmation failed (Spanish). */
  confirmMessage: string | null;
  createdAt: string;
}

/** 'Factura', 'Nota de crédito'… (core/comprobante-types.ts), or the code itself. */
export const typeLabel = (codDoc: string) => metaByCodDoc(codDoc)?.label ?? `Comprobante ${codDoc}`;

/** The tax of a per-rate total as a person reads it: 'IVA 15 %', 'ICE 10 %'. */
export const taxLabel = (t: Pick<ReceivedTax, 'codigo' | 'tarifa'>) => `${({ '2': 'IVA', '3': 'ICE', '5': 'IRBPNR' } as Record<string, string>)[t.codigo] ?? `Impuesto ${t.codigo}`} ${t.tarifa} %`;

/**
 * What is wrong with a clave de acceso being typed, in Spanish, or null when it is a valid key.
 * Empty text is not an error (nothing typed yet).
 * @example claveProblem('12a') // 'Solo dígitos: la clave de acceso tiene 49'
 */
export function claveProblem(value: string): string | null {
  const v = value.replace(/\s+/g, '');
  if (!v) return null;
  if (!/^\d+$/.test(v)) return 'Solo dígitos: la clave de acceso tiene 49';
  if (v.length < 49) return `${49 - v.length === 1 ? 'Falta 1 dígito' : `Faltan ${49 - v.length} dígitos`} (tiene ${v.length} de 49)`;
  if (v.length > 49) return `${v.length - 49 === 1 ? 'Sobra 1 dígito' : `Sobran ${v.length - 49} dígitos`}: la clave de acceso tiene 49`;
  if (!isValidClaveAcceso(v)) return 'El dígito verificador (el último) no corresponde: revise la clave';
  return null;
}
