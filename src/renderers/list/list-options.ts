/**
 * What the list renderers make of list.json's row options (types in the engine's ListConfig):
 * which rows may be deleted, a status column's message line, and the columns of a schema with
 * their money decimals. Plain data, so a schema (or a deployment's override) turns them on.
 * @example
 * { "deletableWhen": { "status": "BORRADOR" },
 *   "columns": [{ "field": "status", "format": "status", "message": { "field": "mensajes", "when": ["DEVUELTA", "NO_AUTORIZADA"] } }],
 *   "filters": [{ "field": "customer", "title": "Cliente", "type": "ref", "resource": "customer" }] }
 */
import type { CardConfig, ListColumn, RowCondition, SchemaEntry } from '../../engine/schema-registry.ts';
import type { Row } from '../../engine/resources.ts';

/** True when `row` meets `condition`; a missing condition allows every row. */
export function rowMatches(condition: RowCondition | undefined, row: Row): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([field, expected]) => (Array.isArray(expected) ? expected : [expected]).includes(String(row[field] ?? '')));
}

/**
 * The first message of `col.message.field` as `[identificador] mensaje`, when the column's value is
 * one of `col.message.when`; otherwise null.
 */
export function columnMessage(col: ListColumn, row: Row): string | null {
  const m = col.message;
  if (!m || (m.when && !m.when.includes(String(row[col.field] ?? '')))) return null;
  const list = row[m.field];
  const first = Array.isArray(list) ? (list[0] as { identificador?: unknown; mensaje?: unknown } | undefined) : undefined;
  if (!first?.mensaje) return null;
  return `${first.identificador ? `[${String(first.identificador)}] ` : ''}${String(first.mensaje)}`;
}

/**
 * The list's columns: list.json's, or the schema's first five plain properties; a money column
 * shows as many decimals as its property's `x-decimals` unless list.json says otherwise.
 */
export function columnsOf(entry: SchemaEntry): ListColumn[] {
  const props = entry.schema.properties ?? {};
  const columns: ListColumn[] =
    entry.list.columns ??
    Object.entries(props)
      .filter(([k, p]) => k !== '_id' && ['string', 'number', 'integer', 'boolean'].includes(String(p.type)))
      .slice(0, 5)
      .map(([field, p]) => ({ field, title: p.title ?? field, sortable: true, ...(p['x-money'] ? { format: 'money' as const, align: 'right' as const } : {}) }));
  return columns.map((c) => (c.format === 'money' && c.decimals === undefined && typeof props[c.field]?.['x-decimals'] === 'number' ? { ...c, decimals: props[c.field]['x-decimals'] } : c));
}

/** The columns a row's phone card shows, one per slot; a slot with no fitting column is absent. */
export interface CardColumns {
  /** First line, bold (the number, the name). */
  title?: ListColumn;
  /** Second line (the customer). */
  subtitle?: ListColumn;
  /** Beside the title (the status badge, with its message under it). */
  badge?: ListColumn;
  /** Right of the second line (the total). */
  amount?: ListColumn;
  /** Small, under the subtitle (the date). */
  meta?: ListColumn;
}

const PLAIN = (c: ListColumn) => !c.format || c.format === 'text';

/**
 * Which of a list's columns its phone card shows. list.json's `card` names a slot's field; a slot
 * it leaves out takes: title the first plain (text) column, badge the first `status` column (else
 * `payment-status`, `flag` or `yes-no`), amount the first `money` column, meta the first `date`
 * column, subtitle the next plain column after the title. A field that is not a column is ignored.
 * @example cardOf(invoiceColumns) // { title: numero, subtitle: razonSocialComprador, badge: status, amount: importeTotal, meta: fechaEmision }
 */
export function cardOf(columns: ListColumn[], card: CardConfig = {}): CardColumns {
  const named = (field: string | undefined) => (field ? columns.find((c) => c.field === field) : undefined);
  const first = (ok: (c: ListColumn) => boolean, taken: Array<ListColumn | undefined>) => columns.find((c) => ok(c) && !taken.includes(c));
  const title = named(card.title) ?? first(PLAIN, []) ?? columns[0];
  const badge = named(card.badge) ?? (['status', 'payment-status', 'flag', 'yes-no'] as const).map((f) => first((c) => c.format === f, [title])).find(Boolean);
  const amount = named(card.amount) ?? first((c) => c.format === 'money', [title, badge]);
  const meta = named(card.meta) ?? first((c) => c.format === 'date' || c.format === 'datetime', [title, badge, amount]);
  const subtitle = named(card.subtitle) ?? first((c) => PLAIN(c) || c.format === 'catalog', [title, badge, amount, meta]);
  return { title, subtitle, badge, amount, meta };
}
