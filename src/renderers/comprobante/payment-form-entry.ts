/**
 * The payment schema (src/schemas/payment, with a company's layers) cut down to the fields a person
 * types when recording a payment, so the Pagos card and "Registrar cobro" draw them with the engine
 * (SchemaForm: the catalog widget for formaPago, the money widget for valor, Spanish validation)
 * instead of hand-written inputs. The list's read-only fields (document, who recorded it) are left out.
 * @example const entry = paymentFormEntry(useSchema('payment'), ['fecha', 'formaPago', 'referencia']);
 */
import type { SchemaEntry } from '../../engine/schema-registry.ts';

/** What a person enters for one payment (the payment schema's writable fields). */
export const PAYMENT_INPUT_FIELDS = ['fecha', 'formaPago', 'valor', 'referencia'] as const;

/**
 * @param entry the effective payment entry (undefined while the schemas load: then undefined).
 * @param fields the properties to keep, in any order (the entry's ui:order decides the order shown).
 * @returns an entry with only those properties, `required` and `ui:order` cut to them, and without
 *   the schema's title and description (the card and the dialog say what the form is for).
 */
export function paymentFormEntry(entry: SchemaEntry | undefined, fields: readonly string[]): SchemaEntry | undefined {
  if (!entry) return undefined;
  const keep = new Set(fields);
  const properties = Object.fromEntries(Object.entries(entry.schema.properties ?? {}).filter(([k]) => keep.has(k)));
  const required = (entry.schema.required ?? []).filter((k) => keep.has(k));
  const order = Array.isArray(entry.ui['ui:order']) ? (entry.ui['ui:order'] as string[]).filter((k) => k === '*' || keep.has(k)) : undefined;
  const ui = Object.fromEntries(Object.entries(entry.ui).filter(([k]) => k.startsWith('ui:') || keep.has(k)));
  return { ...entry, name: `${entry.name}-input`, schema: { ...entry.schema, title: undefined, description: undefined, properties, required }, ui: order ? { ...ui, 'ui:order': order } : ui };
}
