/**
 * Pure helpers that turn a resource's JSON Schema into what a form needs: a uiSchema with the
 * widgets implied by Emite's keywords (`x-catalog` -> catalog select, `x-ref` -> lookup,
 * `x-money`/`x-decimals` -> money, `x-location` -> cascade), read-only and create-only fields
 * handled, and server error `details` turned into rjsf's error schema.
 * @example const ui = enrichUiSchema(entry.schema, entry.ui, { editing: true });
 */
import type { JsonSchema } from './schema-registry.ts';

type Ui = Record<string, unknown>;

function widgetFor(prop: JsonSchema): Ui | undefined {
  if (prop['x-catalog']) return { 'ui:widget': 'catalog' };
  if (prop['x-ref']) return { 'ui:widget': 'ref' };
  if (prop['x-location']) return { 'ui:field': 'location' };
  if (prop['x-money'] || prop['x-decimals']) return { 'ui:widget': 'money' };
  return undefined;
}

export function enrichUiSchema(schema: JsonSchema, ui: Ui, opts: { editing: boolean }): Ui {
  const out: Ui = { ...ui };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const current = { ...((ui[name] as Ui | undefined) ?? {}) };
    const implied = widgetFor(prop);
    if (implied) for (const [k, v] of Object.entries(implied)) if (!(k in current)) current[k] = v;
    const createOnly = (current['ui:options'] as { createOnly?: boolean } | undefined)?.createOnly;
    if (name === '_id' || (prop.readOnly && !opts.editing)) current['ui:widget'] = 'hidden';
    else if (prop.readOnly) current['ui:disabled'] = true;
    if (createOnly && opts.editing) {
      if (current['ui:widget'] === 'password') current['ui:widget'] = 'hidden';
      else current['ui:disabled'] = true;
    }
    if (prop.type === 'array' && prop.items?.properties) {
      const items = { ...((current.items as Ui | undefined) ?? {}) };
      for (const [sub, subProp] of Object.entries(prop.items.properties)) {
        const w = widgetFor(subProp);
        if (w) items[sub] = { ...w, ...((items[sub] as Ui | undefined) ?? {}) };
      }
      current.items = items;
    }
    out[name] = current;
  }
  return out;
}

export type ErrorSchema = { __errors?: string[]; [key: string]: ErrorSchema | string[] | undefined };

/** `[{path: 'puntosEmision.1.ptoEmi', message}]` -> `{puntosEmision: {1: {ptoEmi: {__errors: [message]}}}}`. */
export function detailsToErrorSchema(details: Array<{ path: string; message: string }> | undefined): ErrorSchema {
  const root: ErrorSchema = {};
  for (const d of details ?? []) {
    let node = root;
    for (const part of d.path.split('.').filter(Boolean)) node = (node[part] ??= {}) as ErrorSchema;
    (node.__errors ??= []).push(d.message);
  }
  return root;
}

/** The writable part of a record (what a PUT replaces): drops read-only props, `_id` and timestamps. */
export function writableData(schema: JsonSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    const prop = schema.properties?.[k];
    if (k === '_id' || k === 'createdAt' || k === 'updatedAt' || prop?.readOnly) continue;
    if (prop || !schema.properties) out[k] = v;
  }
  return out;
}

/** A record as the form should start from it: blank optional strings (`''`, how the API returns "not set") become absent. */
export function withoutBlanks(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== '' && v !== null));
}
