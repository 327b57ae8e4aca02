/**
 * How a deployment folder changes a bundled schema (README "Customising a deployment"):
 * - `schema.json` / `ui.json` / `list.json` present: replace that file whole.
 * - `patch.json`: `{ addProperties?: {name: JSONSchema}, required?: string[], titles?: {prop: title},
 *   hide?: string[], order?: string[], columns?: object[] }` applied on top of the bundled files:
 *   added properties (stored in the row's `extra`), changed titles, hidden fields
 *   (`ui:widget: hidden`), field order (`ui:order`) and list columns.
 * @throws SchemaLoadError when a patch targets nothing or has a bad shape.
 */
import { SchemaLoadError } from './schema-load-error.ts';

export interface SchemaFiles {
  schema: object;
  ui: object;
  list: object;
}

interface Patch {
  addProperties?: Record<string, object>;
  required?: string[];
  titles?: Record<string, string>;
  hide?: string[];
  order?: string[];
  columns?: object[];
}

type JsonObject = Record<string, unknown>;

export function mergeSchemaFolder(base: SchemaFiles | undefined, folder: Partial<Record<'schema' | 'ui' | 'list' | 'patch', unknown>>, dir: string): SchemaFiles {
  const schema = (folder.schema ?? (base ? structuredClone(base.schema) : undefined)) as JsonObject | undefined;
  if (!schema) throw new SchemaLoadError(`${dir}/schema.json`, 'falta schema.json (no hay un esquema incluido con ese nombre para modificar)');
  const ui = (folder.ui ?? (base ? structuredClone(base.ui) : {})) as JsonObject;
  const list = (folder.list ?? (base ? structuredClone(base.list) : {})) as JsonObject;
  if (folder.patch === undefined) return { schema, ui, list };

  const patch = folder.patch as Patch;
  const file = `${dir}/patch.json`;
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new SchemaLoadError(file, 'debe ser un objeto');
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  schema.properties = properties;
  for (const [name, prop] of Object.entries(patch.addProperties ?? {})) properties[name] = prop as JsonObject;
  if (patch.required) schema.required = [...new Set([...((schema.required as string[]) ?? []), ...patch.required])];
  for (const [name, title] of Object.entries(patch.titles ?? {})) {
    if (!properties[name]) throw new SchemaLoadError(file, `titles.${name}: el campo no existe en el esquema`);
    properties[name] = { ...properties[name], title };
  }
  for (const name of patch.hide ?? []) {
    if (!properties[name]) throw new SchemaLoadError(file, `hide: el campo "${name}" no existe en el esquema`);
    ui[name] = { ...((ui[name] as JsonObject) ?? {}), 'ui:widget': 'hidden' };
  }
  if (patch.order) ui['ui:order'] = [...patch.order, ...(patch.order.includes('*') ? [] : ['*'])];
  if (patch.columns) list.columns = patch.columns;
  return { schema, ui, list };
}
