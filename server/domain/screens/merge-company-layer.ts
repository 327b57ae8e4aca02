/**
 * A company's layer merged over a screen's built-in <- deployment files (DESIGN.md §13), with the
 * refusals of issue 27 checked first, each a Spanish message with the layer's path:
 * - the shape: an object of {@link LAYER_KEYS}; at most {@link SCREEN_LIMITS}.layerBytes as JSON;
 * - fields (`addProperties`): a new name (not a field of the screen in any case, not a key of the
 *   API view, not an Object.prototype name), a title, one of the kinds the editor offers (text,
 *   number, money, date, boolean, one of a list, reference to another screen) with only the
 *   keywords of its kind (no `pattern`: a company's regular expression would run on the server),
 *   sane limits, at most {@link SCREEN_LIMITS}.fieldsPerScreen per screen and, on a comprobante,
 *   no more than the infoAdicional entries its schema leaves (SRI: 15 campoAdicional in all);
 * - the protected set: what the built-in schema `required`s, the identification fields the
 *   server checks (`x-identification` and the tipo field it names), and every built-in field of a
 *   comprobante (the SRI XML is built from them and their editors are the types' own) cannot be
 *   hidden; `required` names only writable, visible fields (nothing can be relaxed: the vocabulary
 *   only adds requirements);
 * - list columns and filters: known fields; sorting only where the built-in list sorts.
 * Then the deployment's own merge (applySchemaPatch) and the JSON Schema meta-schema, the x-ref
 * targets and Ajv's compile, as at start-up.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { applySchemaPatch, type SchemaFiles } from '../../schemas/merge.ts';
import { checkRefTargets, FOLDER_NAME, isObject } from '../../schemas/check-folder.ts';
import { SchemaLoadError } from '../../schemas/schema-load-error.ts';
import type { SchemaEntry, SchemaRegistry } from '../../schemas/registry.ts';
import { isRefTarget } from '../resources/check-refs.ts';
import { compileLayerSchema, metaSchemaErrors } from './layer-ajv.ts';
import { FIELD_NAME, INFO_ADICIONAL, LAYER_KEYS, MENU_GROUPS, SCREEN_LIMITS, screenKind, UNSAFE_NAMES, VIEW_KEYS, type ScreenKind, type ScreenLayer } from './screen-layer.ts';

type JsonObject = Record<string, unknown>;

export interface MergedScreen extends SchemaFiles {
  kind: ScreenKind;
  validate: ValidateFunction;
}

export interface MergeLayerInput {
  resource: string;
  layer: unknown;
  /** The screen as built-in <- deployment make it; undefined for a record screen the company creates. */
  base: SchemaEntry | undefined;
  /** Every schema the company has (built-in, deployment, its own record screens). */
  names: ReadonlySet<string>;
  /** Those a company field may refer to (`x-ref`): the ones with records (check-refs.ts isRefTarget), and the screen itself when it is a new record screen. */
  refTargets: ReadonlySet<string>;
}

/** Words of the routes under a screen's path (`…/new`, `…/export`, `…/import`). */
const RESERVED_SCREEN_NAMES = new Set(['new', 'export', 'import', 'record', 'screens', 'admin', 'api']);

const refuse = (path: string, message: string): never => {
  throw new AppError('VALIDATION', `La pantalla no se puede guardar: ${message}`, { details: [{ path, message }] });
};

/** Keywords a company field may carry, by kind; `title`, `description`, `type` and `default` always. */
const COMMON = ['type', 'title', 'description', 'default'];
const KEYWORDS: Record<string, string[]> = {
  text: ['minLength', 'maxLength', 'format'],
  list: ['enum'],
  ref: ['x-ref'],
  number: ['minimum', 'maximum', 'x-decimals', 'x-money'],
  boolean: [],
};

/** What kind of field a company property is (the editor's words), from its keywords. */
export function fieldKind(prop: JsonObject): 'text' | 'date' | 'list' | 'ref' | 'number' | 'money' | 'integer' | 'boolean' | null {
  if (prop.type === 'string') {
    if (prop.enum !== undefined) return 'list';
    if (prop['x-ref'] !== undefined) return 'ref';
    return prop.format === 'date' ? 'date' : 'text';
  }
  if (prop.type === 'number') return prop['x-money'] ? 'money' : 'number';
  if (prop.type === 'integer') return 'integer';
  if (prop.type === 'boolean') return 'boolean';
  return null;
}

/**
 * The fields of a screen that cannot be hidden: the base schema's `required`, the identification
 * pairs the server checks, and on a comprobante every field of the base.
 */
export function protectedFields(kind: ScreenKind, base: SchemaEntry | undefined): Set<string> {
  if (!base) return new Set();
  const schema = base.schema as { required?: string[]; properties?: Record<string, JsonObject> };
  const props = schema.properties ?? {};
  if (kind === 'comprobante') return new Set(Object.keys(props));
  const out = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(props)) {
    if (typeof prop['x-identification'] === 'string') out.add(name).add(prop['x-identification']);
  }
  return out;
}

function checkField(name: string, prop: unknown, p: { kind: ScreenKind; baseNames: Set<string>; refTargets: ReadonlySet<string> }): void {
  const at = `addProperties.${name}`;
  if (!FIELD_NAME.test(name)) refuse(at, `"${name}" no sirve como nombre de campo: empiece con una minúscula y use solo letras sin tilde y dígitos (hasta 40)`);
  if (UNSAFE_NAMES.has(name) || VIEW_KEYS.has(name) || p.baseNames.has(name.toLowerCase())) refuse(at, `el nombre "${name}" ya lo usa un campo de la pantalla o de Emite; elija otro`);
  if (!isObject(prop)) return refuse(at, 'debe describir el campo (un objeto con type y title)');
  const kind = fieldKind(prop);
  if (!kind) return refuse(`${at}.type`, 'el tipo debe ser texto, número, dinero, fecha, sí/no, lista de opciones o referencia');
  const allowed = new Set([...COMMON, ...KEYWORDS[kind === 'date' ? 'text' : kind === 'money' || kind === 'integer' ? 'number' : kind]]);
  for (const key of Object.keys(prop)) {
    if (!allowed.has(key)) refuse(`${at}.${key}`, `"${key}" no se admite en un campo propio${key === 'pattern' ? ' (una expresión regular de la empresa no se ejecuta en el servidor)' : ''}`);
  }
  const title = prop.title;
  if (typeof title !== 'string' || !/\S/.test(title) || title.length > SCREEN_LIMITS.title || /[\r\n]/.test(title)) refuse(`${at}.title`, `el título es obligatorio, de una línea y de hasta ${SCREEN_LIMITS.title} caracteres`);
  if (prop.description !== undefined && (typeof prop.description !== 'string' || prop.description.length > SCREEN_LIMITS.help)) refuse(`${at}.description`, `la ayuda es un texto de hasta ${SCREEN_LIMITS.help} caracteres`);
  if (prop.format !== undefined && prop.format !== 'date' && prop.format !== 'email') refuse(`${at}.format`, 'el formato puede ser "date" o "email"');
  const textLimit = p.kind === 'comprobante' ? INFO_ADICIONAL.maxLength : SCREEN_LIMITS.textLength;
  for (const key of ['minLength', 'maxLength'] as const) {
    const v = prop[key];
    if (v !== undefined && (!Number.isInteger(v) || (v as number) < 0 || (v as number) > textLimit)) refuse(`${at}.${key}`, `debe ser un entero entre 0 y ${textLimit}${p.kind === 'comprobante' ? ' (el SRI admite 300 caracteres por dato adicional)' : ''}`);
  }
  if (typeof prop.minLength === 'number' && typeof prop.maxLength === 'number' && prop.minLength > prop.maxLength) refuse(`${at}.minLength`, 'el mínimo de caracteres supera al máximo');
  for (const key of ['minimum', 'maximum'] as const) {
    if (prop[key] !== undefined && (typeof prop[key] !== 'number' || !Number.isFinite(prop[key]) || Math.abs(prop[key] as number) > 1e12)) refuse(`${at}.${key}`, 'debe ser un número');
  }
  if (typeof prop.minimum === 'number' && typeof prop.maximum === 'number' && prop.minimum > prop.maximum) refuse(`${at}.minimum`, 'el mínimo supera al máximo');
  if (prop['x-decimals'] !== undefined && (!Number.isInteger(prop['x-decimals']) || (prop['x-decimals'] as number) < 0 || (prop['x-decimals'] as number) > 6)) refuse(`${at}.x-decimals`, 'los decimales van de 0 a 6');
  if (prop['x-money'] !== undefined && prop['x-money'] !== true) refuse(`${at}.x-money`, 'x-money solo puede ser true');
  if (kind === 'list') {
    const options = prop.enum;
    if (!Array.isArray(options) || options.length === 0 || options.length > SCREEN_LIMITS.options) return refuse(`${at}.enum`, `una lista de 1 a ${SCREEN_LIMITS.options} opciones`);
    options.forEach((o, i) => {
      if (typeof o !== 'string' || !/\S/.test(o) || o.length > SCREEN_LIMITS.optionLength || /[\r\n]/.test(o)) refuse(`${at}.enum[${i}]`, `cada opción es un texto de una línea de hasta ${SCREEN_LIMITS.optionLength} caracteres`);
    });
    if (new Set(options).size !== options.length) refuse(`${at}.enum`, 'hay opciones repetidas');
  }
  if (prop.default !== undefined) {
    const d = prop.default;
    const fits = kind === 'boolean' ? typeof d === 'boolean' : ['number', 'money', 'integer'].includes(kind) ? typeof d === 'number' && (kind !== 'integer' || Number.isInteger(d)) : typeof d === 'string' && (kind !== 'list' || (prop.enum as unknown[]).includes(d)) && kind !== 'ref';
    if (!fits) refuse(`${at}.default`, 'el valor inicial no es del tipo del campo');
  }
  if (kind === 'ref' && (typeof prop['x-ref'] !== 'string' || !p.refTargets.has(prop['x-ref']))) refuse(`${at}.x-ref`, `"${String(prop['x-ref'])}" no es una pantalla con registros de la empresa (clientes, productos, establecimientos, proveedores, transportistas o una pantalla propia)`);
}

function stringList(layer: JsonObject, key: string): string[] {
  const v = layer[key];
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((n) => typeof n !== 'string')) return refuse(key, 'debe ser una lista de nombres de campo');
  return v as string[];
}

/** The checks that need the base and the kind, before the deployment's merge runs its own. */
function checkLayer(layer: JsonObject, kind: ScreenKind, base: SchemaEntry | undefined, input: MergeLayerInput): void {
  const unknown = Object.keys(layer).find((k) => !(LAYER_KEYS as readonly string[]).includes(k));
  if (unknown) refuse(unknown, `"${unknown}" no es parte de una pantalla (se admiten: ${LAYER_KEYS.join(', ')})`);
  if (kind === 'record') {
    if (RESERVED_SCREEN_NAMES.has(input.resource)) refuse('resource', `"${input.resource}" es una palabra de las rutas de Emite; elija otro nombre`);
    if (!FOLDER_NAME.test(input.resource)) refuse('resource', `el nombre "${input.resource}" de una pantalla nueva debe cumplir ${FOLDER_NAME.source}`);
    if (typeof layer.title !== 'string' || !/\S/.test(layer.title) || layer.title.length > SCREEN_LIMITS.title) refuse('title', `una pantalla nueva necesita un título de hasta ${SCREEN_LIMITS.title} caracteres`);
    const menu = layer.menu;
    if (!isObject(menu) || typeof menu.title !== 'string' || !/\S/.test(menu.title) || menu.title.length > 60 || typeof menu.group !== 'string' || !Object.hasOwn(MENU_GROUPS, menu.group)) {
      refuse('menu', `una pantalla nueva necesita su entrada de menú {title (hasta 60 caracteres), group: ${Object.keys(MENU_GROUPS).join(' | ')}}`);
    }
    if (!isObject(layer.addProperties) || Object.keys(layer.addProperties).length === 0) refuse('addProperties', 'una pantalla nueva necesita al menos un campo');
  } else {
    for (const key of ['title', 'menu']) if (layer[key] !== undefined) refuse(key, `"${key}" solo se usa en una pantalla nueva; para cambiar títulos de campos use titles`);
  }

  const baseProps = ((base?.schema as { properties?: JsonObject } | undefined)?.properties ?? {}) as Record<string, JsonObject>;
  const added = layer.addProperties === undefined ? {} : isObject(layer.addProperties) ? layer.addProperties : refuse('addProperties', 'debe ser un objeto {campo: esquema}');
  const addedNames = Object.keys(added);
  if (addedNames.length > SCREEN_LIMITS.fieldsPerScreen) refuse('addProperties', `una pantalla admite hasta ${SCREEN_LIMITS.fieldsPerScreen} campos propios`);
  if (kind === 'comprobante') {
    const room = infoAdicionalRoom(base);
    if (addedNames.length > room) refuse('addProperties', `este comprobante admite hasta ${room} campos propios: cada uno va a la información adicional del XML, y el SRI admite ${INFO_ADICIONAL.maxEntries} campos adicionales en total`);
  }
  const baseNames = new Set(Object.keys(baseProps).map((n) => n.toLowerCase()));
  for (const [name, prop] of Object.entries(added)) checkField(name, prop, { kind, baseNames, refTargets: input.refTargets });

  const fields = new Set([...Object.keys(baseProps), ...addedNames]);
  const locked = protectedFields(kind, base);
  const hide = stringList(layer, 'hide');
  hide.forEach((name, i) => {
    if (locked.has(name)) refuse(`hide[${i}]`, kind === 'comprobante' ? `"${name}" es un campo del comprobante que va al SRI; no se puede ocultar` : `"${name}" es obligatorio para el SRI o para Emite; no se puede ocultar`);
  });
  const required = stringList(layer, 'required');
  required.forEach((name, i) => {
    if (hide.includes(name)) refuse(`required[${i}]`, `"${name}" no puede ser obligatorio y estar oculto a la vez`);
    if (baseProps[name]?.readOnly || name === '_id') refuse(`required[${i}]`, `"${name}" lo calcula Emite; no puede ser obligatorio`);
  });
  if (layer.titles !== undefined && isObject(layer.titles)) {
    for (const [name, title] of Object.entries(layer.titles)) {
      if (typeof title !== 'string' || !/\S/.test(title) || title.length > SCREEN_LIMITS.title || /[\r\n]/.test(title)) refuse(`titles.${name}`, `el título es de una línea y de hasta ${SCREEN_LIMITS.title} caracteres`);
    }
  }
  checkColumns(layer, base, fields);
  checkFilters(layer, base, added as Record<string, JsonObject>);
}

const COLUMN_KEYS = new Set(['field', 'title', 'format', 'align', 'sortable', 'catalog', 'decimals', 'message', 'flags']);
const COLUMN_FORMATS = new Set(['money', 'date', 'datetime', 'status', 'payment-status', 'catalog', 'boolean', 'yes-no', 'text', 'flag']);

function checkColumns(layer: JsonObject, base: SchemaEntry | undefined, fields: Set<string>): void {
  if (layer.columns === undefined) return;
  if (!Array.isArray(layer.columns)) return refuse('columns', 'debe ser una lista de columnas {field, title?}');
  if (layer.columns.length > 20) refuse('columns', 'una lista muestra hasta 20 columnas');
  const baseColumns = ((base?.list as { columns?: JsonObject[] } | undefined)?.columns ?? []) as JsonObject[];
  const sortable = new Set([...baseColumns.filter((c) => c.sortable).map((c) => c.field), 'createdAt', 'updatedAt']);
  layer.columns.forEach((col, i) => {
    if (!isObject(col) || typeof col.field !== 'string') return refuse(`columns[${i}]`, 'cada columna es un objeto con "field"');
    const key = Object.keys(col).find((k) => !COLUMN_KEYS.has(k));
    if (key) refuse(`columns[${i}].${key}`, `"${key}" no es parte de una columna`);
    if (!fields.has(col.field) && !['_id', 'createdAt', 'updatedAt'].includes(col.field) && !baseColumns.some((c) => c.field === col.field)) refuse(`columns[${i}].field`, `"${col.field}" no es un campo de la pantalla`);
    if (col.sortable && !sortable.has(col.field)) refuse(`columns[${i}].sortable`, `la lista no se puede ordenar por "${col.field}"`);
    if (col.format !== undefined && !COLUMN_FORMATS.has(String(col.format))) refuse(`columns[${i}].format`, `formato desconocido "${String(col.format)}"`);
    if (col.title !== undefined && (typeof col.title !== 'string' || col.title.length > SCREEN_LIMITS.title)) refuse(`columns[${i}].title`, `el título es un texto de hasta ${SCREEN_LIMITS.title} caracteres`);
  });
}

/**
 * Filters: the built-in list's own (kept as they are), or one on a company field that is a list of
 * options, a reference or a yes/no (the list routes filter `extra` by it: list-extra-filters.ts).
 */
function checkFilters(layer: JsonObject, base: SchemaEntry | undefined, added: Record<string, JsonObject>): void {
  if (layer.filters === undefined) return;
  if (!Array.isArray(layer.filters)) return refuse('filters', 'debe ser una lista de filtros {field, title, type}');
  const baseFilters = ((base?.list as { filters?: JsonObject[] } | undefined)?.filters ?? []) as JsonObject[];
  layer.filters.forEach((f, i) => {
    if (!isObject(f) || typeof f.field !== 'string') return refuse(`filters[${i}]`, 'cada filtro es un objeto {field, title, type}');
    if (baseFilters.some((b) => JSON.stringify(b) === JSON.stringify(f))) return;
    const prop = added[f.field];
    if (!prop) return refuse(`filters[${i}].field`, `"${f.field}" no es un campo propio de la pantalla (los filtros incluidos se dejan como están)`);
    const kind = fieldKind(prop);
    const want = kind === 'list' ? 'select' : kind === 'ref' ? 'ref' : kind === 'boolean' ? 'select' : null;
    if (!want) refuse(`filters[${i}].field`, `se filtra por un campo de opciones, de sí/no o de referencia; "${f.field}" no lo es`);
    if (f.type !== want) refuse(`filters[${i}].type`, `el filtro de "${f.field}" es de tipo "${want}"`);
    if (typeof f.title !== 'string' || !/\S/.test(f.title) || f.title.length > SCREEN_LIMITS.title) refuse(`filters[${i}].title`, 'cada filtro necesita un título');
  });
}

/**
 * What a layer of `resource` may name, given the company's registry (`records`: record screens of
 * the company not in it yet, while it is being built): every schema, and the reference targets.
 */
export function layerNames(registry: SchemaRegistry, resource: string, records: string[] = []): Pick<MergeLayerInput, 'names' | 'refTargets'> {
  const names = new Set([...registry.all().map((e) => e.name), ...records, resource]);
  const refTargets = new Set([...registry.all().filter((e) => isRefTarget(registry, e.name)).map((e) => e.name), ...records]);
  if (!registry.get(resource)) refTargets.add(resource);
  return { names, refTargets };
}

/** The infoAdicional entries a comprobante's schema leaves for company fields (its `maxItems`). */
export function infoAdicionalRoom(base: SchemaEntry | undefined): number {
  const info = (base?.schema as { properties?: Record<string, JsonObject> } | undefined)?.properties?.infoAdicional;
  return typeof info?.maxItems === 'number' ? info.maxItems : 0;
}

/** `order[2]: "x" no es un campo` -> {path: 'order[2]', message}; a reason without a path is the whole layer's. */
function detailOf(reason: string): ErrorDetail {
  const m = /^([A-Za-z-]+(?:\[\d+\]|\.[A-Za-z0-9_-]+)*): (.*)$/s.exec(reason);
  return m ? { path: m[1], message: m[2] } : { path: '', message: reason };
}

/** Ajv's meta-schema errors on the merged schema, at the layer's path (`/properties/x/…` -> `addProperties.x`). */
function schemaDetails(errors: ErrorObject[]): ErrorDetail[] {
  return errors.map((e) => {
    const m = /^\/properties\/([^/]+)(\/.*)?$/.exec(e.instancePath);
    return { path: m ? `addProperties.${m[1]}${m[2] ? m[2].replace(/\//g, '.') : ''}` : e.instancePath || 'schema', message: e.message ?? 'no es JSON Schema válido' };
  });
}

/** A new record screen starts from this schema: record storage, its title, no fields yet. */
function recordBase(resource: string, title: string): SchemaFiles {
  return {
    schema: { $schema: 'http://json-schema.org/draft-07/schema#', title, type: 'object', 'x-resource': resource, 'x-storage': 'record', properties: { _id: { type: 'string', title: 'Id', readOnly: true } } },
    ui: {},
    list: {},
  };
}

/**
 * The screen as the company will see it: built-in <- deployment <- `layer`, checked and compiled.
 * @throws AppError VALIDATION ("La pantalla no se puede guardar: …") with `details` [{path, message}]
 *   where path is the layer's (`hide[0]`, `addProperties.ordenCompra.pattern`); AppError NOT_FOUND
 *   for a screen a company does not change.
 */
export function mergeCompanyLayer(input: MergeLayerInput): MergedScreen {
  const { resource, layer, base } = input;
  const kind = screenKind(resource, base);
  if (!kind) throw new AppError('NOT_FOUND', `La pantalla "${resource}" no se puede personalizar`);
  if (!isObject(layer)) return refuse('', 'debe ser un objeto con addProperties, required, titles, hide, order, columns o filters');
  const bytes = Buffer.byteLength(JSON.stringify(layer));
  if (bytes > SCREEN_LIMITS.layerBytes) refuse('', `ocupa ${bytes} bytes; una pantalla admite hasta ${SCREEN_LIMITS.layerBytes} bytes de cambios`);
  checkLayer(layer, kind, base, input);

  const { title, menu, ...patch } = layer as ScreenLayer & JsonObject;
  const start: SchemaFiles = base ? { schema: base.schema, ui: base.ui, list: base.list } : recordBase(resource, String(title));
  const label = `pantalla ${resource}`;
  let files: SchemaFiles;
  try {
    // The names the layer uses are checked here; the built-in's own ui and list are the product's.
    files = applySchemaPatch(start, patch, label).files;
  } catch (err) {
    if (!(err instanceof SchemaLoadError)) throw err;
    const detail = detailOf(err.reason);
    throw new AppError('VALIDATION', `La pantalla no se puede guardar: ${detail.message}`, { details: [detail] });
  }
  if (kind === 'comprobante') shrinkInfoAdicional(files, Object.keys(patch.addProperties ?? {}).length);
  if (kind === 'record' && menu) (files.schema as JsonObject)['x-menu'] = { ...menu };

  const metaErrors = metaSchemaErrors(files.schema);
  if (metaErrors.length) {
    const details = schemaDetails(metaErrors);
    throw new AppError('VALIDATION', `La pantalla no se puede guardar: ${details[0].path} ${details[0].message}`, { details });
  }
  try {
    checkRefTargets(files.schema, new Set(input.names), label);
  } catch (err) {
    if (!(err instanceof SchemaLoadError)) throw err;
    const detail = detailOf(err.reason);
    throw new AppError('VALIDATION', `La pantalla no se puede guardar: ${detail.message}`, { details: [detail] });
  }
  return { ...files, kind, validate: compileLayerSchema(files.schema) };
}

/**
 * Each company field of a comprobante takes one infoAdicional entry at issue, so the entries a user
 * may type shrink by as many (the form and the server both read `maxItems`).
 */
function shrinkInfoAdicional(files: SchemaFiles, fields: number): void {
  const info = ((files.schema as JsonObject).properties as Record<string, JsonObject>).infoAdicional;
  if (!info || typeof info.maxItems !== 'number' || fields === 0) return;
  const room = Math.max(0, info.maxItems - fields);
  info.maxItems = room;
  info.description = `Hasta ${room} datos: al emitir se añaden los datos de contacto y los ${fields} campos propios de la empresa, y el SRI admite ${INFO_ADICIONAL.maxEntries} campos adicionales.`;
  // Every company text field fits one campoAdicional (1–300 characters).
  for (const prop of Object.values(((files.schema as JsonObject).properties as Record<string, JsonObject>))) {
    if (prop['x-custom'] && prop.type === 'string' && prop.enum === undefined && prop['x-ref'] === undefined && prop.format !== 'date') {
      prop.maxLength = Math.min(typeof prop.maxLength === 'number' ? prop.maxLength : INFO_ADICIONAL.maxLength, INFO_ADICIONAL.maxLength);
    }
  }
}
