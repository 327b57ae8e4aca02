/**
 * Three-digit SRI codes (establecimiento, punto de emisión: "001") pad themselves: a person types
 * "1" and means "001". The schemas say which fields are such codes by their pattern (`^\d{3}$`,
 * `^[0-9]{3}$`, `^(?!000)\d{3}$`); the SPA pads on leaving the field and the server before
 * validating, so an API client's "1" is read the same way. Likewise a field marked `x-uppercase`
 * (the placa) is trimmed and written in capitals: "pba-1234 " -> "PBA-1234". Pure: no I/O.
 * @example padCodes(establishmentSchema, { estab: '1', puntosEmision: [{ ptoEmi: '2' }] }) // { estab: '001', puntosEmision: [{ ptoEmi: '002' }] }
 * @example padCodes(carrierSchema, { placa: 'pba-1234' }) // { placa: 'PBA-1234' }
 */

interface Node {
  type?: unknown;
  pattern?: string;
  'x-uppercase'?: unknown;
  properties?: Record<string, Node>;
  items?: Node | Node[];
}

/** Whether a property is a three-digit code by its pattern. */
export function isThreeDigitCode(node: { pattern?: unknown } | undefined): boolean {
  return typeof node?.pattern === 'string' && /^\^(\(\?!000\))?(\\d|\[0-9\])\{3\}\$$/.test(node.pattern);
}

/** "1" -> "001", "12" -> "012"; anything else as it is. */
export function padCode(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? value.trim().padStart(3, '0') : value;
}

/** Whether a property asks for capitals (`"x-uppercase": true`: placas). */
export function isUpperCaseField(node: { 'x-uppercase'?: unknown } | undefined): boolean {
  return node?.['x-uppercase'] === true;
}

/** " pba-1234" -> "PBA-1234"; anything but a string as it is. */
export function upperCaseValue(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** One value as its property wants it written: a three-digit code padded, an `x-uppercase` field in capitals. */
export function normalizeValue(node: Node | undefined, value: unknown): unknown {
  if (isThreeDigitCode(node)) return padCode(value);
  if (isUpperCaseField(node)) return upperCaseValue(value);
  return value;
}

/** A copy of `data` with the schema's three-digit codes padded and its `x-uppercase` fields in capitals, at any depth (arrays of objects too). */
export function padCodes<T>(schema: Node | undefined, data: T): T {
  if (!schema || data === null || typeof data !== 'object') return normalizeValue(schema, data) as T;
  if (Array.isArray(data)) {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return data.map((d) => padCodes(items, d)) as T;
  }
  if (!schema.properties) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [k, v] of Object.entries(out)) if (schema.properties[k]) out[k] = padCodes(schema.properties[k], v);
  return out as T;
}
