/**
 * The field that names a record of a schema (lookups, titles, and the value a reference field
 * prints in a comprobante's infoAdicional): list.json's `labelField`, else the first of the usual
 * naming fields the schema has, else its first property. Pure; shared by the SPA and the server.
 * @example labelFieldOf({ schema: customerSchema, list: {} }) // 'razonSocial'
 */
export function labelFieldOf(entry: { schema: { properties?: Record<string, unknown> }; list: { labelField?: string } }): string {
  if (entry.list.labelField) return entry.list.labelField;
  const props = Object.keys(entry.schema.properties ?? {});
  return ['razonSocial', 'descripcion', 'nombre', 'name', 'title', 'placa'].find((f) => props.includes(f)) ?? props.find((p) => p !== '_id') ?? '_id';
}
