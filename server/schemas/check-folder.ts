/**
 * Shape checks for a deployment's schema folder (SCHEMAS_DIR), so a misspelt key or a field name
 * that is not in the schema stops start-up with the file that says it, instead of being ignored or
 * breaking the screen when it renders. Each check throws `SchemaLoadError(file, reason)`; reasons
 * are Spanish and name the key (`order[2]: "garantia" no es un campo del esquema`).
 */
import { SchemaLoadError } from './schema-load-error.ts';

type JsonObject = Record<string, unknown>;

/** A folder under SCHEMAS_DIR names a resource: URL segment, `record.resource` (varchar 64), index names. */
export const FOLDER_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

/** The files a schema folder may hold; any other `*.json` is most likely a misspelling. */
export const FOLDER_FILES = ['schema', 'ui', 'list', 'patch'] as const;

export const PATCH_KEYS = ['addProperties', 'required', 'titles', 'hide', 'order', 'columns', 'filters'] as const;

/** Fields every record view has besides the schema's properties (lists may show them). */
const VIEW_FIELDS = new Set(['_id', 'createdAt', 'updatedAt']);

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** @throws SchemaLoadError when `name` is not a valid folder name under SCHEMAS_DIR. */
export function checkFolderName(name: string, dir: string): void {
  if (!FOLDER_NAME.test(name)) {
    throw new SchemaLoadError(dir, `el nombre de la carpeta "${name}" debe cumplir ${FOLDER_NAME.source} (minúsculas, dígitos, "_" o "-", hasta 64 caracteres)`);
  }
}

function stringList(value: unknown, file: string, key: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new SchemaLoadError(file, `${key}: debe ser una lista de nombres de campo`);
  return value as string[];
}

function knownFields(names: string[], properties: JsonObject, file: string, key: string, extra: Set<string> = new Set()): void {
  names.forEach((name, i) => {
    if (!Object.hasOwn(properties, name) && !extra.has(name)) throw new SchemaLoadError(file, `${key}[${i}]: "${name}" no es un campo del esquema`);
  });
}

/**
 * A patch.json's keys and value types (before it is applied): only {@link PATCH_KEYS}; addProperties
 * an object of schemas for new names; required/hide/order lists of names; titles an object of
 * strings; columns a list of `{field}` objects. Names are checked against the schema when applied.
 */
export function checkPatchShape(patch: unknown, properties: JsonObject, file: string): void {
  if (!isObject(patch)) throw new SchemaLoadError(file, 'debe ser un objeto');
  const unknown = Object.keys(patch).filter((k) => !(PATCH_KEYS as readonly string[]).includes(k));
  if (unknown.length) throw new SchemaLoadError(file, `clave desconocida "${unknown[0]}" (se admiten: ${PATCH_KEYS.join(', ')})`);
  if (patch.addProperties !== undefined) {
    if (!isObject(patch.addProperties)) throw new SchemaLoadError(file, 'addProperties: debe ser un objeto {campo: esquema}');
    for (const [name, prop] of Object.entries(patch.addProperties)) {
      if (!isObject(prop)) throw new SchemaLoadError(file, `addProperties.${name}: debe ser un esquema JSON (un objeto)`);
      if (Object.hasOwn(properties, name)) throw new SchemaLoadError(file, `addProperties.${name}: el campo ya existe; use titles, hide u order, o reemplace schema.json`);
    }
  }
  if (patch.titles !== undefined && (!isObject(patch.titles) || Object.values(patch.titles).some((t) => typeof t !== 'string'))) {
    throw new SchemaLoadError(file, 'titles: debe ser un objeto {campo: "título"}');
  }
  for (const key of ['required', 'hide', 'order'] as const) if (patch[key] !== undefined) stringList(patch[key], file, key);
  if (patch.columns !== undefined) checkColumns(patch.columns, null, file, 'columns');
  if (patch.filters !== undefined) checkFilters(patch.filters, file);
}

function checkFilters(filters: unknown, file: string): void {
  if (!Array.isArray(filters) || filters.some((f) => !isObject(f) || typeof f.field !== 'string' || typeof f.type !== 'string')) {
    throw new SchemaLoadError(file, 'filters: debe ser una lista de {field, title, type}');
  }
}

/** @param shown fields the list being patched already shows without a property (a view's `saldo`): a patch may keep them. */
function checkColumns(columns: unknown, properties: JsonObject | null, file: string, key: string, shown: ReadonlySet<string> = new Set()): void {
  if (!Array.isArray(columns)) throw new SchemaLoadError(file, `${key}: debe ser una lista de columnas {field, title?, …}`);
  columns.forEach((col, i) => {
    if (!isObject(col) || typeof col.field !== 'string') throw new SchemaLoadError(file, `${key}[${i}]: debe ser un objeto con "field"`);
    if (properties && !Object.hasOwn(properties, col.field) && !VIEW_FIELDS.has(col.field) && !shown.has(col.field)) {
      throw new SchemaLoadError(file, `${key}[${i}].field: "${col.field}" no es un campo del esquema`);
    }
  });
}

/**
 * Names a patch refers to, checked once its addProperties are in `properties`; `shown`: the fields
 * of the patched list's own columns (a column the built-in list computes, as the factura's `saldo`).
 */
export function checkPatchNames(patch: JsonObject, properties: JsonObject, file: string, shown: ReadonlySet<string> = new Set()): void {
  for (const key of ['required', 'hide'] as const) if (patch[key]) knownFields(patch[key] as string[], properties, file, key);
  for (const name of Object.keys((patch.titles as JsonObject) ?? {})) {
    if (!Object.hasOwn(properties, name)) throw new SchemaLoadError(file, `titles.${name}: el campo no existe en el esquema`);
  }
  if (patch.order) {
    knownFields(patch.order as string[], properties, file, 'order', new Set(['*']));
    checkWildcards(patch.order as string[], file, 'order');
  }
  if (patch.columns) checkColumns(patch.columns, properties, file, 'columns', shown);
}

function checkWildcards(order: string[], file: string, key: string): void {
  if (order.filter((n) => n === '*').length > 1) throw new SchemaLoadError(file, `${key}: "*" solo puede aparecer una vez`);
  const seen = new Set<string>();
  for (const name of order) {
    if (seen.has(name)) throw new SchemaLoadError(file, `${key}: "${name}" aparece más de una vez`);
    seen.add(name);
  }
}

/** ui.json: an rjsf uiSchema object; its `ui:order` names only the schema's properties and "*". */
export function checkUi(ui: unknown, properties: JsonObject, file: string): void {
  if (!isObject(ui)) throw new SchemaLoadError(file, 'debe ser un objeto (uiSchema de rjsf)');
  if (ui['ui:order'] === undefined) return;
  const order = stringList(ui['ui:order'], file, 'ui:order');
  knownFields(order, properties, file, 'ui:order', new Set(['*']));
  checkWildcards(order, file, 'ui:order');
}

/**
 * list.json: `{columns?: [{field, …}], defaultSort?, searchable?: [field], filters?: [{field, type}],
 * labelField?}`; column, sort, search and label fields must be the schema's properties (or _id,
 * createdAt, updatedAt). Filter fields are query parameters (e.g. `date` -> from/to), not checked.
 */
export function checkList(list: unknown, properties: JsonObject, file: string): void {
  if (!isObject(list)) throw new SchemaLoadError(file, 'debe ser un objeto {columns, defaultSort, searchable, filters}');
  if (list.columns !== undefined) checkColumns(list.columns, properties, file, 'columns');
  if (list.searchable !== undefined) knownFields(stringList(list.searchable, file, 'searchable'), properties, file, 'searchable');
  for (const key of ['defaultSort', 'labelField'] as const) {
    if (list[key] === undefined) continue;
    if (typeof list[key] !== 'string') throw new SchemaLoadError(file, `${key}: debe ser un nombre de campo`);
    const name = (list[key] as string).replace(/^-/, '');
    if (!Object.hasOwn(properties, name) && !VIEW_FIELDS.has(name)) throw new SchemaLoadError(file, `${key}: "${name}" no es un campo del esquema`);
  }
  if (list.filters !== undefined) checkFilters(list.filters, file);
}

/**
 * Every `x-ref` (top level and one level into arrays of objects) names a registered schema, so a
 * misspelt target stops start-up instead of failing on the first save.
 */
export function checkRefTargets(schema: object, names: Set<string>, file: string): void {
  const props = ((schema as JsonObject).properties ?? {}) as Record<string, JsonObject>;
  for (const [key, prop] of Object.entries(props)) {
    const items = isObject(prop.items) ? ((prop.items.properties ?? {}) as Record<string, JsonObject>) : {};
    const refs: Array<[string, unknown]> = [[key, prop['x-ref']], ...Object.entries(items).map(([sub, p]): [string, unknown] => [`${key}.items.${sub}`, p['x-ref']])];
    for (const [at, target] of refs) {
      if (target !== undefined && (typeof target !== 'string' || !names.has(target))) throw new SchemaLoadError(file, `${at}: x-ref "${String(target)}" no es un esquema registrado`);
    }
  }
}
