/**
 * The screen editor's model (Configuración > Pantallas): a company's layer in the patch.json
 * vocabulary (DESIGN.md §13) and the pure edits the editor makes to it — a field described in the
 * editor's words (text, number, money, date, yes/no, one of a list, a reference) to and from its
 * JSON Schema, add / change / remove a field, hide, retitle, move, and the list's columns and
 * filters. The server merges and checks the result (its answer is the preview).
 * @example let layer = addField({}, { title: 'Orden de compra', kind: 'text', maxLength: 40 }, existing);
 */
import type { JsonSchema, ListColumn, ListFilter } from '../../engine/schema-registry.ts';
import { withoutAccents } from '../../../core/fold-text.ts';

export interface ScreenLayer {
  addProperties?: Record<string, JsonSchema>;
  required?: string[];
  titles?: Record<string, string>;
  hide?: string[];
  order?: string[];
  columns?: ListColumn[];
  filters?: ListFilter[];
  title?: string;
  menu?: { title: string; group: string };
}

export type FieldKind = 'text' | 'number' | 'money' | 'date' | 'boolean' | 'list' | 'ref';

/** A field as the field dialog edits it (src/schemas/screen-field). */
export interface FieldForm {
  title: string;
  kind: FieldKind;
  required?: boolean;
  help?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** Decimals of a number (0 = whole numbers). */
  decimals?: number;
  options?: string[];
  ref?: string;
}

export const KIND_LABELS: Record<FieldKind, string> = { text: 'Texto', number: 'Número', money: 'Dinero', date: 'Fecha', boolean: 'Sí / No', list: 'Lista de opciones', ref: 'Referencia' };

const clean = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))) as T;

/** The field's JSON Schema (what `addProperties` holds). */
export function fieldSchema(f: FieldForm): JsonSchema {
  const common = { title: f.title.trim(), description: f.help?.trim() || undefined };
  switch (f.kind) {
    case 'text':
      return clean({ type: 'string', ...common, minLength: f.minLength, maxLength: f.maxLength });
    case 'number':
      return f.decimals === 0 ? clean({ type: 'integer', ...common, minimum: f.minimum, maximum: f.maximum }) : clean({ type: 'number', ...common, minimum: f.minimum, maximum: f.maximum, 'x-decimals': f.decimals });
    case 'money':
      return clean({ type: 'number', ...common, minimum: f.minimum, maximum: f.maximum, 'x-money': true });
    case 'date':
      return clean({ type: 'string', ...common, format: 'date' });
    case 'boolean':
      return clean({ type: 'boolean', ...common });
    case 'list':
      return clean({ type: 'string', ...common, enum: (f.options ?? []).map((o) => o.trim()).filter(Boolean) });
    case 'ref':
      return clean({ type: 'string', ...common, 'x-ref': f.ref });
  }
}

/** A field's kind from its JSON Schema (the server's fieldKind, in the editor's words). */
export function kindOf(p: JsonSchema): FieldKind {
  if (p.type === 'boolean') return 'boolean';
  if (p.type === 'number' || p.type === 'integer') return p['x-money'] ? 'money' : 'number';
  if (p.enum) return 'list';
  if (p['x-ref']) return 'ref';
  return p.format === 'date' ? 'date' : 'text';
}

/** The dialog's form of a company field. */
export function fieldForm(p: JsonSchema, required: boolean): FieldForm {
  const kind = kindOf(p);
  return clean({
    title: p.title ?? '',
    kind,
    required,
    help: p.description,
    minLength: p.minLength as number | undefined,
    maxLength: p.maxLength as number | undefined,
    minimum: p.minimum,
    maximum: p.maximum as number | undefined,
    decimals: p.type === 'integer' ? 0 : (p['x-decimals'] as number | undefined),
    options: kind === 'list' ? (p.enum as string[]) : undefined,
    ref: p['x-ref'],
  }) as FieldForm;
}

const FIELD_KINDS = Object.keys(KIND_LABELS);
const isFieldKind = (v: unknown): v is FieldKind => typeof v === 'string' && FIELD_KINDS.includes(v);
const textOr = (v: unknown) => (typeof v === 'string' ? v : undefined);
const numberOr = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The field dialog's values (SchemaForm's form data, validated against src/schemas/screen-field)
 * read as a FieldForm: each key of its type taken, others dropped; an unknown kind reads as text.
 * @example fieldFormOf({ title: 'Orden de compra', kind: 'text', maxLength: 40 }).maxLength // 40
 */
export function fieldFormOf(d: Record<string, unknown>): FieldForm {
  return {
    title: textOr(d.title) ?? '',
    kind: isFieldKind(d.kind) ? d.kind : 'text',
    required: typeof d.required === 'boolean' ? d.required : undefined,
    help: textOr(d.help),
    minLength: numberOr(d.minLength),
    maxLength: numberOr(d.maxLength),
    minimum: numberOr(d.minimum),
    maximum: numberOr(d.maximum),
    decimals: numberOr(d.decimals),
    options: Array.isArray(d.options) ? d.options.filter((o): o is string => typeof o === 'string') : undefined,
    ref: textOr(d.ref),
  };
}

/**
 * A field name from its title: letters without accents and digits, camelCase, starting with a
 * lower-case letter, not one of `taken` (a number is added).
 * @example nameFromTitle('Orden de compra', new Set()) // 'ordenDeCompra'
 */
export function nameFromTitle(title: string, taken: ReadonlySet<string>): string {
  const words = withoutAccents(title)
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[a-z]/.test(base)) base = `campo${base[0]?.toUpperCase() ?? ''}${base.slice(1)}`;
  base = base.slice(0, 36);
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  let name = base;
  for (let i = 2; lower.has(name.toLowerCase()); i += 1) name = `${base}${i}`;
  return name;
}

const without = (list: string[] | undefined, name: string) => (list ?? []).filter((n) => n !== name);

/** Drop empty keys, so an untouched screen saves as `{}`. */
export function tidy(layer: ScreenLayer): ScreenLayer {
  const out: ScreenLayer = {};
  for (const [k, v] of Object.entries(layer) as Array<[keyof ScreenLayer, unknown]>) {
    if (v === undefined || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)) continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** Add (or, with `name`, replace) a company field; its place in `order` is kept, a new one goes last. */
export function putField(layer: ScreenLayer, name: string, f: FieldForm): ScreenLayer {
  const isNew = !layer.addProperties?.[name];
  const required = without(layer.required, name);
  if (f.required) required.push(name);
  const order = layer.order && isNew ? [...without(layer.order, '*'), name, '*'] : layer.order;
  return tidy({ ...layer, addProperties: { ...layer.addProperties, [name]: fieldSchema(f) }, required, order });
}

/** Remove a company field and every mention of it. */
export function removeField(layer: ScreenLayer, name: string): ScreenLayer {
  const { [name]: _gone, ...rest } = layer.addProperties ?? {};
  const { [name]: _title, ...titles } = layer.titles ?? {};
  return tidy({
    ...layer,
    addProperties: rest,
    titles,
    required: without(layer.required, name),
    hide: without(layer.hide, name),
    order: layer.order ? without(layer.order, name) : undefined,
    columns: layer.columns?.filter((c) => c.field !== name),
    filters: layer.filters?.filter((c) => c.field !== name),
  });
}

export function setHidden(layer: ScreenLayer, name: string, hidden: boolean): ScreenLayer {
  return tidy({ ...layer, hide: hidden ? [...without(layer.hide, name), name] : without(layer.hide, name) });
}

/** A built-in field's title (the company's own fields change theirs in the field dialog). */
export function retitle(layer: ScreenLayer, name: string, title: string, original: string): ScreenLayer {
  const { [name]: _old, ...titles } = layer.titles ?? {};
  return tidy({ ...layer, titles: title.trim() && title.trim() !== original ? { ...titles, [name]: title.trim() } : titles });
}

/** `fields` (in the order shown) with `name` moved `delta` places; the layer's `order` lists them all, then "*". */
export function moveField(layer: ScreenLayer, fields: string[], name: string, delta: number): ScreenLayer {
  const from = fields.indexOf(name);
  const to = Math.max(0, Math.min(fields.length - 1, from + delta));
  if (from < 0 || from === to) return layer;
  const next = [...fields];
  next.splice(to, 0, ...next.splice(from, 1));
  return tidy({ ...layer, order: [...next, '*'] });
}

/** The fields in the order the form shows them: ui:order (its "*" = the rest, in schema order). */
export function orderedFields(schema: JsonSchema, ui: Record<string, unknown>): string[] {
  const all = Object.keys(schema.properties ?? {}).filter((n) => n !== '_id');
  const order = ((ui['ui:order'] as string[] | undefined) ?? ['*']).filter((n) => n === '*' || all.includes(n));
  if (!order.includes('*')) order.push('*');
  const rest = all.filter((n) => !order.includes(n));
  return order.flatMap((n) => (n === '*' ? rest : [n]));
}

/** The list's columns as the layer has them, or the screen's own until the company chooses. */
export const columnsOfLayer = (layer: ScreenLayer, base: ListColumn[]): ListColumn[] => layer.columns ?? base;

/** Show or drop `field` as a column (a new one goes last, with its title). */
export function toggleColumn(layer: ScreenLayer, base: ListColumn[], field: string, title: string, on: boolean, format?: ListColumn['format']): ScreenLayer {
  const columns = columnsOfLayer(layer, base).filter((c) => c.field !== field);
  if (on) columns.push(clean({ field, title, format }) as ListColumn);
  return tidy({ ...layer, columns });
}

export function moveColumn(layer: ScreenLayer, base: ListColumn[], field: string, delta: number): ScreenLayer {
  const columns = [...columnsOfLayer(layer, base)];
  const from = columns.findIndex((c) => c.field === field);
  const to = Math.max(0, Math.min(columns.length - 1, from + delta));
  if (from < 0 || from === to) return layer;
  columns.splice(to, 0, ...columns.splice(from, 1));
  return tidy({ ...layer, columns });
}

/** The filter a company field offers on the list (options and yes/no: a choice; a reference: a lookup), or null. */
export function filterFor(name: string, p: JsonSchema): ListFilter | null {
  const kind = kindOf(p);
  if (kind === 'list') return { field: name, title: p.title ?? name, type: 'select', options: (p.enum as string[]).map((o) => ({ value: o, label: o })) };
  if (kind === 'boolean') return { field: name, title: p.title ?? name, type: 'select', options: [{ value: 'true', label: 'Sí' }, { value: 'false', label: 'No' }] };
  if (kind === 'ref' && p['x-ref']) return { field: name, title: p.title ?? name, type: 'ref', resource: p['x-ref'] };
  return null;
}

export function toggleFilter(layer: ScreenLayer, base: ListFilter[], filter: ListFilter, on: boolean): ScreenLayer {
  const filters = (layer.filters ?? base).filter((f) => f.field !== filter.field);
  if (on) filters.push(filter);
  return tidy({ ...layer, filters });
}
