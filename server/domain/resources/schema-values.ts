/**
 * Where a body's annotated values are: every property carrying a custom keyword (`x-catalog`,
 * `x-ref`), at the top level and one level into arrays of objects (`detalles.0.product`).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  readOnly?: boolean;
  title?: string;
  'x-catalog'?: string;
  'x-ref'?: string;
};

export interface AnnotatedValue {
  /** Dotted path as in error details: `cliente`, `detalles.2.product`. */
  path: string;
  /** The keyword's value: a catalog table, a resource name. */
  target: string;
  value: string;
}

/**
 * The string values in `body` whose schema property has `keyword`.
 * @example annotatedValues(invoiceSchema, body, 'x-ref') // [{path: 'customer', target: 'customer', value: '…'}, …]
 */
export function annotatedValues(schema: JsonSchema, body: Record<string, unknown>, keyword: 'x-catalog' | 'x-ref'): AnnotatedValue[] {
  const found: AnnotatedValue[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const value = body[key];
    if (prop[keyword] && typeof value === 'string') found.push({ path: key, target: prop[keyword]!, value });
    if (prop.items?.properties && Array.isArray(value)) {
      value.forEach((item, i) => {
        for (const [sub, subProp] of Object.entries(prop.items!.properties!)) {
          const v = (item as Record<string, unknown>)?.[sub];
          if (subProp[keyword] && typeof v === 'string') found.push({ path: `${key}.${i}.${sub}`, target: subProp[keyword]!, value: v });
        }
      });
    }
  }
  return found;
}

/**
 * The `x-ref` fields of a schema that point at `target`: top-level names and `{array, field}` pairs
 * one level into arrays of objects.
 */
export function refFieldsTo(schema: JsonSchema, target: string): { top: string[]; nested: Array<{ array: string; field: string }> } {
  const top: string[] = [];
  const nested: Array<{ array: string; field: string }> = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop['x-ref'] === target) top.push(key);
    for (const [sub, subProp] of Object.entries(prop.items?.properties ?? {})) if (subProp['x-ref'] === target) nested.push({ array: key, field: sub });
  }
  return { top, nested };
}
