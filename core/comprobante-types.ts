/**
 * The SRI's electronic comprobantes as data, shared by server, sandbox SRI and front end (DESIGN.md
 * §7): codDoc (SRI ficha técnica offline, tabla 3), the XML root and its info element, the XSD file
 * of each version (shared/sri/xsd), the API resource, the Spanish names and the sidebar entry. No behaviour: the
 * server's per-type folders (server/domain/comprobantes/<type>/) hold what differs.
 * Source: shared/sri/SRI.md "Other comprobantes" (versions to emit) and the official XSD file names.
 */

export type CodDoc = '01' | '03' | '04' | '05' | '06' | '07';

export interface ComprobanteTypeMeta {
  codDoc: CodDoc;
  /** Spanish name, singular ("Nota de crédito"). */
  label: string;
  /** The grammatical gender of `label`, for messages: "La nota de crédito ya fue emitida", "El comprobante de retención ya fue emitido". */
  gender: 'f' | 'm';
  /** As printed on the RIDE's document box ("NOTA DE CRÉDITO"). */
  title: string;
  /** XML root element (`<notaCredito id="comprobante" version="1.1.0">`). */
  rootElement: string;
  /** The element after infoTributaria holding the document's own header (`infoNotaCredito`). */
  infoElement: string;
  /** The element of the info element that dates the access key (the guía has no fechaEmision). */
  dateElement: 'fechaEmision' | 'fechaIniTransporte';
  /** XSD file name without the version: `${xsdPrefix}${version}.xsd`. */
  xsdPrefix: string;
  /** Versions the SRI accepts (an XSD exists for each); the first one listed is what Emite emits by default. */
  versions: readonly string[];
  defaultVersion: string;
  /** `/api/${resource}` and the schema folder `src/schemas/${resource}`. */
  resource: string;
  /** File names of downloads and mail attachments (`nota-credito-001-001-000000001.xml`). */
  fileStem: string;
  /** Its sidebar entry (server/db/seed/menu.ts builds the row `${group}.${resource}`, path = resource). */
  menu: ComprobanteMenu;
  /**
   * How an AUTORIZADA one counts in the company's sales (dashboard sums, receivables): 1 adds its
   * importeTotal, IVA and lines (factura, nota de débito), -1 takes them away (nota de crédito), 0
   * leaves money out (purchases and the guía); every one still counts as a document. The database
   * reads it through `comprobante_sales_sign(cod_doc)`, rewritten from this list at start
   * (server/db/seed/sales-sign.ts). A sale (1) is also what a customer owes (Cuentas por cobrar).
   */
  salesSign: 1 | -1 | 0;
}

/**
 * A comprobante's sidebar entry: the group it sits in (a menu seed group id), its plural title, the
 * letters shown when the sidebar is collapsed, and its position (the menu is sorted by position).
 * Who sees it is the type's `permission` (server registry), as for its API routes.
 */
export interface ComprobanteMenu {
  group: 'invoicing' | 'purchases';
  title: string;
  ab: string;
  position: number;
}

const meta = (m: ComprobanteTypeMeta) => m;

/** Every comprobante the SRI's offline scheme knows, by codDoc. */
export const COMPROBANTE_TYPE_META: Readonly<Record<CodDoc, ComprobanteTypeMeta>> = {
  '01': meta({ codDoc: '01', salesSign: 1, gender: 'f', label: 'Factura', title: 'FACTURA', rootElement: 'factura', infoElement: 'infoFactura', dateElement: 'fechaEmision', xsdPrefix: 'factura_V', versions: ['1.0.0', '1.1.0', '2.0.0', '2.1.0'], defaultVersion: '1.1.0', resource: 'invoice', fileStem: 'factura', menu: { group: 'invoicing', title: 'Facturas', ab: 'F', position: 21 } }),
  '03': meta({ codDoc: '03', salesSign: 0, gender: 'f', label: 'Liquidación de compra', title: 'LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS', rootElement: 'liquidacionCompra', infoElement: 'infoLiquidacionCompra', dateElement: 'fechaEmision', xsdPrefix: 'LiquidacionCompra_V', versions: ['1.0.0', '1.1.0'], defaultVersion: '1.1.0', resource: 'purchase-settlement', fileStem: 'liquidacion-compra', menu: { group: 'purchases', title: 'Liquidaciones de compra', ab: 'LC', position: 43 } }),
  '04': meta({ codDoc: '04', salesSign: -1, gender: 'f', label: 'Nota de crédito', title: 'NOTA DE CRÉDITO', rootElement: 'notaCredito', infoElement: 'infoNotaCredito', dateElement: 'fechaEmision', xsdPrefix: 'NotaCredito_V', versions: ['1.0.0', '1.1.0'], defaultVersion: '1.1.0', resource: 'credit-note', fileStem: 'nota-credito', menu: { group: 'invoicing', title: 'Notas de crédito', ab: 'NC', position: 22 } }),
  '05': meta({ codDoc: '05', salesSign: 1, gender: 'f', label: 'Nota de débito', title: 'NOTA DE DÉBITO', rootElement: 'notaDebito', infoElement: 'infoNotaDebito', dateElement: 'fechaEmision', xsdPrefix: 'NotaDebito_V', versions: ['1.0.0'], defaultVersion: '1.0.0', resource: 'debit-note', fileStem: 'nota-debito', menu: { group: 'invoicing', title: 'Notas de débito', ab: 'ND', position: 23 } }),
  '06': meta({ codDoc: '06', salesSign: 0, gender: 'f', label: 'Guía de remisión', title: 'GUÍA DE REMISIÓN', rootElement: 'guiaRemision', infoElement: 'infoGuiaRemision', dateElement: 'fechaIniTransporte', xsdPrefix: 'GuiaRemision_V', versions: ['1.0.0', '1.1.0'], defaultVersion: '1.1.0', resource: 'waybill', fileStem: 'guia-remision', menu: { group: 'invoicing', title: 'Guías de remisión', ab: 'GR', position: 29 } }),
  '07': meta({ codDoc: '07', salesSign: 0, gender: 'm', label: 'Comprobante de retención', title: 'COMPROBANTE DE RETENCIÓN', rootElement: 'comprobanteRetencion', infoElement: 'infoCompRetencion', dateElement: 'fechaEmision', xsdPrefix: 'ComprobanteRetencion_V', versions: ['1.0.0', '2.0.0'], defaultVersion: '2.0.0', resource: 'withholding', fileStem: 'retencion', menu: { group: 'purchases', title: 'Retenciones', ab: 'RT', position: 42 } }),
};

/** The metadata of a codDoc, or undefined for one the SRI does not define. */
export function metaByCodDoc(codDoc: string): ComprobanteTypeMeta | undefined {
  return (COMPROBANTE_TYPE_META as Record<string, ComprobanteTypeMeta>)[codDoc];
}

/** The metadata of an XML root element (`notaCredito` -> 04), or undefined. */
export function metaByRoot(rootElement: string): ComprobanteTypeMeta | undefined {
  return Object.values(COMPROBANTE_TYPE_META).find((m) => m.rootElement === rootElement);
}

/**
 * The XSD file of a type's version.
 * @throws Error (Spanish) when the version is not one the SRI publishes for that type.
 * @example xsdFileFor(COMPROBANTE_TYPE_META['04'], '1.1.0') // 'NotaCredito_V1.1.0.xsd'
 */
export function xsdFileFor(m: ComprobanteTypeMeta, version: string): string {
  if (!m.versions.includes(version)) throw new Error(`Versión ${version} no admitida para ${m.label.toLowerCase()} (admitidas: ${m.versions.join(', ')})`);
  return `${m.xsdPrefix}${version}.xsd`;
}

/**
 * The codDocs of sales (`salesSign` 1: factura, nota de débito): what a customer owes, in the
 * dashboard's «Por cobrar» and «Vencido».
 */
export const SALE_COD_DOCS: readonly CodDoc[] = Object.values(COMPROBANTE_TYPE_META)
  .filter((m) => m.salesSign === 1)
  .map((m) => m.codDoc);
