/**
 * How a deployment folder changes a bundled schema (README "Customising a deployment"):
 * - `schema.json` / `ui.json` / `list.json` present: replace that file whole.
 * - `patch.json`: `{ addProperties?: {name: JSONSchema}, required?: string[], titles?: {prop: title},
 *   hide?: string[], order?: string[], columns?: object[], filters?: object[] }` applied on top of
 *   the bundled files ({@link applySchemaPatch}, also used for a company's layer): added properties
 *   (stored in the row's `extra`), changed titles, hidden fields (`ui:widget: hidden`), field order
 *   (`ui:order`), list columns and list filters.
 * Every key and every field name is checked (check-folder.ts), and the result remembers which file
 * each part came from, so a later error (Ajv, meta-schema) names the file to fix.
 * @throws SchemaLoadError when a file has a bad shape, a patch has an unknown key or names a field
 *   the schema does not have, or a folder has no schema to start from.
 */
import path from 'node:path';
import { checkList, checkPatchNames, checkPatchShape, checkUi } from './check-folder.ts';
import { SchemaLoadError } from './schema-load-error.ts';

export interface SchemaFiles {
  schema: object;
  ui: object;
  list: object;
}

/** The merged files and, for each, the file on disk that made it what it is (for error messages). */
export interface SourcedSchemaFiles extends SchemaFiles {
  files: Record<keyof SchemaFiles, string>;
}

export type FolderContents = Partial<Record<'schema' | 'ui' | 'list' | 'patch', unknown>>;

type JsonObject = Record<string, unknown>;

/** A bundled folder as read from src/schemas: no checks beyond JSON (the repository's tests cover it). */
export function bundledFolder(folder: FolderContents, dir: string): SourcedSchemaFiles | undefined {
  if (!folder.schema) return undefined;
  return {
    schema: folder.schema as object,
    ui: (folder.ui as object) ?? {},
    list: (folder.list as object) ?? {},
    files: { schema: path.join(dir, 'schema.json'), ui: path.join(dir, 'ui.json'), list: path.join(dir, 'list.json') },
  };
}

/**
 * A SCHEMAS_DIR folder applied over the bundled one of the same name (`base`, if any).
 * @param dir the folder's path, used in messages.
 */
export function mergeSchemaFolder(base: SourcedSchemaFiles | undefined, folder: FolderContents, dir: string): SourcedSchemaFiles {
  const own = (part: 'schema' | 'ui' | 'list' | 'patch') => path.join(dir, `${part}.json`);
  if (folder.schema === undefined && !base) throw new SchemaLoadError(own('schema'), 'falta schema.json (no hay un esquema incluido con ese nombre para modificar)');
  if (folder.schema !== undefined && (typeof folder.schema !== 'object' || folder.schema === null || Array.isArray(folder.schema))) {
    throw new SchemaLoadError(own('schema'), 'debe ser un objeto (un JSON Schema)');
  }
  const schema = (folder.schema ?? structuredClone(base!.schema)) as JsonObject;
  const ui = (folder.ui ?? (base ? structuredClone(base.ui) : {})) as JsonObject;
  const list = (folder.list ?? (base ? structuredClone(base.list) : {})) as JsonObject;
  const files = {
    schema: folder.schema !== undefined ? own('schema') : base!.files.schema,
    ui: folder.ui !== undefined ? own('ui') : base?.files.ui ?? own('ui'),
    list: folder.list !== undefined ? own('list') : base?.files.list ?? own('list'),
  };
  let merged: SchemaFiles = { schema, ui, list };
  if (folder.patch !== undefined) {
    const file = own('patch');
    const patched = applySchemaPatch(merged, folder.patch, file);
    merged = patched.files;
    for (const part of ['schema', 'ui', 'list'] as const) if (patched.touched[part]) files[part] = file;
  }
  checkSchemaFiles(merged, files);
  return { ...merged, files };
}

/** ui.json and list.json name only the schema's fields. @throws SchemaLoadError naming `files.ui` / `files.list`. */
export function checkSchemaFiles(merged: SchemaFiles, files: Pick<Record<keyof SchemaFiles, string>, 'ui' | 'list'>): void {
  const properties = ((merged.schema as JsonObject).properties ?? {}) as JsonObject;
  checkUi(merged.ui, properties, files.ui);
  checkList(merged.list, properties, files.list);
}

/**
 * A patch (the patch.json vocabulary: `addProperties`, `required`, `titles`, `hide`, `order`,
 * `columns`, `filters`) applied over schema files: the one merge both layers use, a deployment's
 * SCHEMAS_DIR folder and a company's layer (DESIGN.md §13). `base` is not changed. Every property
 * a patch adds is marked `"x-custom": true` (on a comprobante it goes to infoAdicional, and the
 * editors show it in their "Campos propios" section).
 * @param file names the patch in messages (`…/product/patch.json`, `pantalla invoice`).
 * @returns the patched files and which of them the patch changed.
 * @throws SchemaLoadError(file, reason) for a bad shape, an unknown key, a name that is not a field
 *   (or, in addProperties, one that already is). The result's ui and list are checked by the
 *   caller ({@link checkSchemaFiles}), which knows which file each came from.
 */
export function applySchemaPatch(base: SchemaFiles, patchIn: unknown, file: string): { files: SchemaFiles; touched: Record<keyof SchemaFiles, boolean> } {
  const schema = structuredClone(base.schema) as JsonObject;
  const ui = structuredClone(base.ui) as JsonObject;
  const list = structuredClone(base.list) as JsonObject;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  checkPatchShape(patchIn, properties, file);
  const patch = patchIn as JsonObject;
  schema.properties = properties;
  for (const [name, prop] of Object.entries((patch.addProperties as JsonObject) ?? {})) properties[name] = { ...(prop as JsonObject), 'x-custom': true };
  checkPatchNames(patch, properties, file, new Set((((base.list as JsonObject).columns as JsonObject[] | undefined) ?? []).map((c) => String(c.field))));
  if (patch.required) schema.required = [...new Set([...((schema.required as string[]) ?? []), ...(patch.required as string[])])];
  for (const [name, title] of Object.entries((patch.titles as Record<string, string>) ?? {})) properties[name] = { ...properties[name], title };
  for (const name of (patch.hide as string[]) ?? []) ui[name] = { ...((ui[name] as JsonObject) ?? {}), 'ui:widget': 'hidden' };
  if (patch.order) ui['ui:order'] = [...(patch.order as string[]), ...((patch.order as string[]).includes('*') ? [] : ['*'])];
  if (patch.columns) list.columns = patch.columns;
  if (patch.filters) list.filters = patch.filters;
  const touched = {
    schema: Boolean(patch.addProperties || patch.required || patch.titles),
    ui: Boolean(patch.hide || patch.order),
    list: Boolean(patch.columns || patch.filters),
  };
  return { files: { schema, ui, list }, touched };
}
