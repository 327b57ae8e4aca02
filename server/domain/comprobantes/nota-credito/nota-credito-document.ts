/**
 * NotaCreditoDocument: everything needed to write one SRI nota de crédito (codDoc 04) XML and its
 * RIDE. Pure data. Field names are the XML's (SRI ficha técnica offline; NotaCredito_V1.1.0.xsd).
 * Money: decimal strings with 2 places; cantidad and precioUnitario up to 6 (1.1.0); dates dd/mm/aaaa.
 */
import type { DetalleXml, InfoTributaria } from '../xml/xml-writer.ts';
import type { NotaInfoHead } from '../nota-parts.ts';

export interface NotaCreditoDocument {
  version: '1.0.0' | '1.1.0';
  infoTributaria: InfoTributaria & { codDoc: '04' };
  infoNotaCredito: NotaInfoHead & {
    totalSinImpuestos: string;
    /** totalSinImpuestos + taxes (SRI). */
    valorModificacion: string;
    moneda: 'DOLAR';
    /** Per IVA rate; the XSD's totalImpuesto has no tarifa. */
    totalConImpuestos: Array<{ codigo: string; codigoPorcentaje: string; baseImponible: string; valor: string }>;
    /** Razón de la modificación, ≤ 300 characters. */
    motivo: string;
  };
  /** codigoPrincipal/codigoAuxiliar are written as codigoInterno/codigoAdicional. */
  detalles: DetalleXml[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
