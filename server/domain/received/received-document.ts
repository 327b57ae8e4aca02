/**
 * What Emite reads from a received comprobante (DESIGN.md §8): the columns of table
 * received_document (server/db/schema/purchases.ts) and the document's own parts kept in `detail`
 * (their types, shared with the SPA, are in core/received-view.ts).
 * Money as decimal strings with 2 places (USD), as the XML writes them; dates 'YYYY-MM-DD'.
 */
import type { ReceivedDetail, ReceivedTaxTotal } from '../../../core/received-view.ts';

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
