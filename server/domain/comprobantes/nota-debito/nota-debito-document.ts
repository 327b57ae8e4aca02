/**
 * NotaDebitoDocument: everything needed to write one SRI nota de débito (codDoc 05) XML and its
 * RIDE. Pure data; field names are the XML's (SRI ficha técnica offline; NotaDebito_V1.0.0.xsd, the
 * only version). Money: decimal strings with 2 places; dates dd/mm/aaaa.
 */
import type { ImpuestoXml, InfoTributaria } from '../xml/xml-writer.ts';
import type { NotaInfoHead } from '../nota-parts.ts';

export interface NotaDebitoDocument {
  version: '1.0.0';
  infoTributaria: InfoTributaria & { codDoc: '05' };
  infoNotaDebito: NotaInfoHead & {
    /** Σ motivos.valor. */
    totalSinImpuestos: string;
    impuestos: ImpuestoXml[];
    /** totalSinImpuestos + taxes (SRI). */
    valorTotal: string;
    pagos: Array<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }>;
  };
  /** Razón (≤ 300 characters) and valor of each charge. */
  motivos: Array<{ razon: string; valor: string }>;
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
