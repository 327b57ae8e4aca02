/**
 * The comprobante types Emite issues, by codDoc (DESIGN.md §7). Adding a type: its folder here, its
 * schema folder in src/schemas, one line below, at most one migration (docs/how-to-add-a-comprobante.md).
 */
import type { ComprobanteType } from './comprobante-type.ts';
import { factura } from './factura/index.ts';
import { notaCredito } from './nota-credito/index.ts';
import { notaDebito } from './nota-debito/index.ts';
import { guiaRemision } from './guia-remision/index.ts';
import { liquidacionCompra } from './liquidacion-compra/index.ts';
import { comprobanteRetencion } from './comprobante-retencion/index.ts';
import { toBaseComprobanteView, type ComprobanteRow } from './comprobante-view.ts';

export const COMPROBANTE_TYPES: readonly ComprobanteType[] = [factura, notaCredito, notaDebito, guiaRemision, liquidacionCompra, comprobanteRetencion];

const byCodDoc = new Map(COMPROBANTE_TYPES.map((t) => [t.meta.codDoc as string, t]));

/** The registered type of a codDoc. @throws Error for a codDoc no type is registered for (a bug: rows are written by registered types). */
export function comprobanteType(codDoc: string): ComprobanteType {
  const type = byCodDoc.get(codDoc);
  if (!type) throw new Error(`No hay un tipo de comprobante registrado para codDoc ${codDoc}`);
  return type;
}

/** The API view of a row of any type: the shared fields (comprobante-view.ts) and the type's own. */
export function toComprobanteView(row: ComprobanteRow, today?: string): Record<string, unknown> & ReturnType<typeof toBaseComprobanteView> {
  const view = toBaseComprobanteView(row, today);
  const own = comprobanteType(row.codDoc).viewFields?.(row);
  return own ? { ...view, ...own } : view;
}
