/**
 * A company's own fields on a screen (Configuración > Pantallas, DESIGN.md §13): the properties the
 * merge marked `x-custom`. The comprobante editors draw most of their screen themselves, so they
 * carry these fields beside their own draft (under {@link CUSTOM_KEY}) and show them in one
 * section with the schema's own form (rjsf); the body sent to the server has them at the top level,
 * as the schema has them (stored in the row's `extra`, written to infoAdicional at issue).
 * @example const sub = customFieldsEntry(entry); // null when the company added none
 */
import type { SchemaEntry } from './schema-registry.ts';

/** Where an editor's draft keeps the company fields' values. */
export const CUSTOM_KEY = '__custom';

/** The company fields of a schema, in the form's order (ui:order, then schema order). */
export function customFieldNames(entry: SchemaEntry): string[] {
  const props = entry.schema.properties ?? {};
  const names = Object.keys(props).filter((n) => props[n]['x-custom']);
  const order = ((entry.ui['ui:order'] as string[] | undefined) ?? []).filter((n) => names.includes(n));
  return [...order, ...names.filter((n) => !order.includes(n))];
}

/** The schema entry cut down to the company fields (their required ones, their uiSchema), or null when there are none. */
export function customFieldsEntry(entry: SchemaEntry): SchemaEntry | null {
  const names = customFieldNames(entry);
  if (names.length === 0) return null;
  const props = entry.schema.properties ?? {};
  return {
    ...entry,
    schema: { $schema: entry.schema.$schema, type: 'object', required: (entry.schema.required ?? []).filter((n) => names.includes(n)), properties: Object.fromEntries(names.map((n) => [n, props[n]])) },
    ui: { ...Object.fromEntries(names.filter((n) => entry.ui[n]).map((n) => [n, entry.ui[n]])), 'ui:order': names },
    list: {},
  };
}

/** The company fields' values of a record (what the API answers at the top level). */
export function customValuesOf(entry: SchemaEntry, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(customFieldNames(entry).filter((n) => record[n] !== undefined && record[n] !== null).map((n) => [n, record[n]]));
}

/** A draft with its company fields' values beside it. */
export function withCustomValues<D>(draft: D, values: Record<string, unknown>): D {
  return { ...(draft as object), [CUSTOM_KEY]: values } as D;
}

/** The values kept beside a draft ({} when none). */
export function draftCustomValues(draft: unknown): Record<string, unknown> {
  return ((draft as Record<string, unknown> | null)?.[CUSTOM_KEY] as Record<string, unknown> | undefined) ?? {};
}
