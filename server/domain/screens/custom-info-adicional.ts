/**
 * A comprobante's company fields as infoAdicional entries (DESIGN.md §13, issue 27): one
 * `campoAdicional` per field with a value, `nombre` = the field's title, the value formatted as the
 * field's type, after the document's own entries (the buyer's contact and the entries typed in the
 * draft). The issuing pipeline asks for them once, for every type, before the type builds its XML
 * (issue-comprobante.ts), so they are part of what is signed and the RIDE prints them from the XML.
 * SRI limits (every comprobante XSD): at most 15 campoAdicional, `nombre` and value 1–300
 * characters, no line breaks (SRI.md "Types").
 */
import { toSriDate } from '../../../core/guayaquil-date.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { refLabels } from '../resources/check-refs.ts';
import { formatMoney } from '../comprobantes/ride/ride-text.ts';
import { infoAdicionalRoom } from './merge-company-layer.ts';
import { INFO_ADICIONAL } from './screen-layer.ts';

type Prop = { type?: string; title?: string; enum?: unknown[]; format?: string; 'x-ref'?: string; 'x-money'?: boolean; 'x-custom'?: boolean };
export type InfoAdicionalEntry = { nombre: string; valor: string };

/** One line, no control characters, at most 300 characters (the XSD's `campoAdicional` and `nombre`). */
export function sriText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > INFO_ADICIONAL.maxLength ? `${line.slice(0, INFO_ADICIONAL.maxLength - 1)}…` : line;
}

/**
 * A value as the field's type prints it: money `$ 1,234.50`, a date dd/mm/aaaa, Sí/No, a reference
 * by its record's name (`labels`), anything else as written. '' for no value.
 */
export function formatCustomValue(prop: Prop, value: unknown, labels: ReadonlyMap<string, string> = new Map()): string {
  if (value === undefined || value === null || value === '') return '';
  if (prop.type === 'boolean') return value ? 'Sí' : 'No';
  if (prop['x-money']) return `$ ${formatMoney(String(value))}`;
  if (prop.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return toSriDate(value.slice(0, 10));
  if (prop['x-ref']) return labels.get(String(value)) ?? '';
  return sriText(String(value));
}

/**
 * The company fields of `schema` (`x-custom`), in the order the layer gives them (`ui:order`, as
 * the form shows them), the rest in schema order. (The stored layer is jsonb, which does not keep
 * the order of an object's keys: order is only ever said by a list.)
 */
export function customFields(schema: object, ui: object = {}): Array<[string, Prop]> {
  const fields = Object.entries(((schema as { properties?: Record<string, Prop> }).properties ?? {})).filter(([, p]) => p['x-custom']);
  const order = ((ui as { 'ui:order'?: string[] })['ui:order'] ?? []).filter((n) => n !== '*');
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return fields.map((f, i) => [f, i] as const).sort(([a, i], [b, j]) => rank(a[0]) - rank(b[0]) || i - j).map(([f]) => f);
}

/**
 * Pure: the entries for `values` (the row's `extra`), one per company field with a value.
 * @example customInfoAdicional(schema, { ordenCompra: 'OC-7' }) // [{ nombre: 'Orden de compra', valor: 'OC-7' }]
 */
export function customInfoAdicional(schema: object, values: Record<string, unknown>, labels: ReadonlyMap<string, string> = new Map(), ui: object = {}): InfoAdicionalEntry[] {
  return customFields(schema, ui).flatMap(([name, prop]) => {
    const valor = sriText(formatCustomValue(prop, values[name], labels));
    return valor ? [{ nombre: sriText(prop.title ?? name), valor }] : [];
  });
}

/**
 * The draft's infoAdicional with the company fields after its own entries, for the type's XML.
 * @param p.registry the company's registry (company-schemas.ts); its `base` (the deployment's)
 *   says how many entries the type leaves for the draft's own ones (infoAdicional `maxItems`).
 * @throws AppError VALIDATION when the draft's own entries and the company fields together pass
 *   what the SRI admits (a draft saved before the company added fields), or a referenced record
 *   no longer exists.
 */
export async function withCustomInfoAdicional(db: Db, p: { registry: SchemaRegistry & { base?: SchemaRegistry }; companyId: string; resource: string; own: InfoAdicionalEntry[]; extra: Record<string, unknown> }): Promise<InfoAdicionalEntry[]> {
  const entry = p.registry.get(p.resource);
  if (!entry) return p.own;
  const fields = customFields(entry.schema);
  if (fields.length === 0) return p.own;
  const labels = new Map<string, string>();
  for (const [name, prop] of fields) {
    const id = p.extra[name];
    if (!prop['x-ref'] || typeof id !== 'string' || !id) continue;
    const found = await refLabels(db, p.registry, { companyId: p.companyId, target: prop['x-ref'], ids: [id] });
    if (!found.has(id)) throw new AppError('VALIDATION', `El registro elegido en «${prop.title ?? name}» ya no existe; elija otro antes de emitir`, { details: [{ path: name, message: 'ya no existe' }] });
    labels.set(id, found.get(id)!);
  }
  const custom = customInfoAdicional(entry.schema, p.extra, labels, entry.ui);
  const room = infoAdicionalRoom(p.registry.base?.get(p.resource) ?? entry);
  if (p.own.length + custom.length > room) {
    throw new AppError('VALIDATION', `La información adicional tiene ${p.own.length} datos y los campos propios de la empresa ${custom.length}; el SRI admite ${room} en este comprobante además de los de contacto: quite ${p.own.length + custom.length - room} dato(s) adicional(es)`, {
      details: [{ path: 'infoAdicional', message: `a lo más ${Math.max(0, room - custom.length)} datos con los campos propios` }],
    });
  }
  return [...p.own, ...custom];
}
