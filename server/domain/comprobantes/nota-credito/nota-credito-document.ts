/**
 * NotaCreditoDocument: everything needed to write one SRI nota de crédito (codDoc 04) XML and its
 * RIDE. Pure data. Field names are the XML's (SRI ficha técnica offline; NotaCredito_V1.1.0.xsd).
 * Money: decimal strings with 2 places; cantidad and precioUnitario up to 6 (1.1.0); dates dd/mm/aaaa.
 */
import type { ImpuestoXml, InfoTributaria } from '../xml/xml-writer.ts';

export interface NotaCreditoDocument {
  version: '1.0.0' | '1.1.0';
  infoTributaria: InfoTributaria & { codDoc: '04' };
  infoNotaCredito: {
    fechaEmision: string;
    dirEstablecimiento?: string;
    tipoIdentificacionComprador: string;
    razonSocialComprador: string;
    identificacionComprador: string;
    contribuyenteEspecial?: string;
    obligadoContabilidad?: 'SI' | 'NO';
    /** '01': the factura. */
    codDocModificado: string;
    /** '001-001-000000123'. */
    numDocModificado: string;
    fechaEmisionDocSustento: string;
    totalSinImpuestos: string;
    /** totalSinImpuestos + taxes (SRI). */
    valorModificacion: string;
    moneda: 'DOLAR';
    /** Per IVA rate; the XSD's totalImpuesto has no tarifa. */
    totalConImpuestos: Array<{ codigo: string; codigoPorcentaje: string; baseImponible: string; valor: string }>;
    /** Razón de la modificación, ≤ 300 characters. */
    motivo: string;
  };
  detalles: Array<{
    /** codigoInterno in the XML. */
    codigoInterno?: string;
    /** codigoAdicional in the XML. */
    codigoAdicional?: string;
    descripcion: string;
    cantidad: string;
    precioUnitario: string;
    descuento: string;
    precioTotalSinImpuesto: string;
    impuestos: ImpuestoXml[];
  }>;
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
