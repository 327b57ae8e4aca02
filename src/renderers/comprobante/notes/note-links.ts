/**
 * How a factura and its notas find each other in the SPA (pure, no JSX): the notas' routes beside
 * the factura's, the "new nota from this factura" link, why a factura cannot take a nota, and the
 * GET /api/invoice/{_id}/creditable answer the factura's page and the nota de crédito show.
 */

/** The two nota resources (their schema folders, API paths and menu paths). */
export type NoteResource = 'credit-note' | 'debit-note';

/** `identificacionComprador` of a consumidor final factura (SRI tabla 6, code 07). */
export const CONSUMIDOR_FINAL_ID = '9999999999999';

/** GET /api/invoice/{_id}/creditable (USD numbers): what the authorised notas de crédito took, in total and per IVA rate. */
export interface Creditable {
  importeTotal: number;
  credited: number;
  remaining: number;
  byRate: Array<{ codigoPorcentaje: string; tarifa: number; baseImponible: number; credited: number; remaining: number }>;
  notes: Array<{ _id: string; numero: string | null; status: string; importeTotal: number }>;
}

/**
 * The route of another resource under the same menu group: the notas live beside the facturas.
 * @example siblingPath('/invoicing/invoice', 'credit-note') // '/invoicing/credit-note'
 */
export function siblingPath(basePath: string, resource: string): string {
  return `${basePath.replace(/\/[^/]+$/, '')}/${resource}`;
}

/**
 * Where a new nota from a factura opens: the nota's editor with the factura's `_id` in the query.
 * @example newNotePath('/invoicing/invoice', 'credit-note', 'f1') // '/invoicing/credit-note/new?invoice=f1'
 */
export function newNotePath(basePath: string, resource: NoteResource, invoiceId: string): string {
  return `${siblingPath(basePath, resource)}/new?invoice=${encodeURIComponent(invoiceId)}`;
}

/**
 * Why this factura cannot take a nota of that kind (Spanish, shown beside the disabled action), or
 * undefined. The server enforces the same rules (SRI.md "Nota de crédito"); this only spares the
 * user a form that would be refused.
 * @param remaining the factura's creditable balance (Creditable.remaining), when known.
 */
export function noteBlocker(invoice: Record<string, unknown>, resource: NoteResource, remaining?: number): string | undefined {
  if (invoice.status !== 'AUTORIZADA') return 'Solo se emiten notas sobre facturas autorizadas por el SRI';
  // The server refuses both notas on a consumidor final factura (referenced-factura.ts): say so before the form.
  if (invoice.identificacionComprador === CONSUMIDOR_FINAL_ID) return `No se emiten notas de ${resource === 'debit-note' ? 'débito' : 'crédito'} sobre facturas a consumidor final`;
  if (resource === 'debit-note') return undefined;
  if (remaining !== undefined && remaining <= 0) return 'La factura ya no tiene saldo por acreditar';
  return undefined;
}
