/**
 * GuiaRemisionDocument: everything needed to write one SRI guía de remisión (codDoc 06) XML and its
 * RIDE. Pure data; field names are the XML's (GuiaRemision_V1.1.0.xsd; SRI.md "Other comprobantes").
 * No prices, no totals; cantidad a decimal string (up to 6 places); dates dd/mm/aaaa.
 */
import type { InfoTributaria } from '../xml/xml-writer.ts';

/** A line carried: codes, description and quantity only. */
export interface GuiaDetalle {
  codigoInterno?: string;
  codigoAdicional?: string;
  descripcion: string;
  cantidad: string;
}

/** One destinatario: who receives, where, why, the sustento factura (when any) and the goods. */
export interface GuiaDestinatario {
  identificacionDestinatario: string;
  razonSocialDestinatario: string;
  dirDestinatario: string;
  motivoTraslado: string;
  docAduaneroUnico?: string;
  /** The destination establishment's 3-digit code (a transfer between the company's own). */
  codEstabDestino?: string;
  ruta?: string;
  /** '01' (factura) when a sustento is given. */
  codDocSustento?: string;
  /** '001-001-000000123'. */
  numDocSustento?: string;
  /** 10–49 digits: the factura's authorisation number (its access key). */
  numAutDocSustento?: string;
  fechaEmisionDocSustento?: string;
  detalles: GuiaDetalle[];
}

export interface GuiaRemisionDocument {
  version: '1.1.0';
  infoTributaria: InfoTributaria & { codDoc: '06' };
  infoGuiaRemision: {
    dirEstablecimiento?: string;
    dirPartida: string;
    razonSocialTransportista: string;
    /** SRI tabla 6: 04 RUC, 05 cédula, 06 pasaporte (XSD: 04–07). */
    tipoIdentificacionTransportista: string;
    rucTransportista: string;
    obligadoContabilidad?: 'SI' | 'NO';
    contribuyenteEspecial?: string;
    fechaIniTransporte: string;
    fechaFinTransporte: string;
    placa: string;
  };
  destinatarios: GuiaDestinatario[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
