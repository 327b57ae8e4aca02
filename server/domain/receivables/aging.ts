/**
 * Aging of receivables or payables on a date (DESIGN.md §12: `GET /api/reports/receivables?date=`
 * and `/payables`): per counterpart, what is left on its documents by days past the due date (al
 * día, 1–30, 31–60, 61–90, más de 90; core/receivables.ts AGING_BUCKETS), with totals; and the
 * drill-down, the documents of one counterpart. Decimal sums (decimal.js); amounts in the answer
 * are numbers (USD, 2 places).
 */
import Decimal from 'decimal.js';
import { AGING_BUCKETS, agingBucketOf, daysOverdue, type AgingBucket } from '../../../core/receivables.ts';
import type { AgingDocument } from '../../../core/customer-statement.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { pageWindow, sortInMemory, type ListQuery } from '../list-query.ts';
import type { PaymentSide } from '../payments/payment-documents.ts';
import { openDocumentsAt, type OpenDocument } from './open-documents.ts';

export type BucketAmounts = Record<AgingBucket, number> & { total: number };

/** One counterpart's line: `_id` is its customer or supplier record (null when the document names none). */
export type AgingRow = BucketAmounts & {
  _id: string | null;
  razonSocial: string;
  identificacion: string;
  /** Documents with something left. */
  documents: number;
  /** The oldest due date among them. */
  oldestDueDate: string;
};

export interface AgingQuery extends ListQuery {
  /** 'YYYY-MM-DD'; default today. */
  date?: string;
}

const BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key);
const SORTABLE = ['razonSocial', 'identificacion', 'documents', 'oldestDueDate', 'total', ...BUCKET_KEYS] as const;

function sumByBucket(docs: OpenDocument[], date: string): { amounts: BucketAmounts; oldestDueDate: string } {
  const acc = Object.fromEntries([...BUCKET_KEYS, 'total'].map((k) => [k, new Decimal(0)])) as Record<AgingBucket | 'total', Decimal>;
  let oldest = '9999-12-31';
  for (const d of docs) {
    const bucket = agingBucketOf(d.dueDate, date);
    acc[bucket] = acc[bucket].plus(d.saldo);
    acc.total = acc.total.plus(d.saldo);
    if (d.dueDate < oldest) oldest = d.dueDate;
  }
  return { amounts: Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, v.toNumber()])) as BucketAmounts, oldestDueDate: oldest };
}

/** @throws AppError VALIDATION for a date after today or an unknown sort. */
function checkDate(date: string, today: string): void {
  if (date > today) throw new AppError('VALIDATION', 'La fecha de corte no puede ser futura', { details: [{ path: 'date', message: 'posterior a hoy' }] });
}

/**
 * The aging per counterpart on `query.date` (default `today`), searched (`q`: name or
 * identification), sorted (default: most owed first) and paged like every list.
 * @returns the page, the number of counterparts and the totals of all of them.
 * @throws AppError VALIDATION for a future date or a field that cannot be sorted on.
 */
export async function agingReport(db: Db, p: { companyId: string; side: PaymentSide; query: AgingQuery; today: string }): Promise<{ items: AgingRow[]; total: number; totals: BucketAmounts & { documents: number }; date: string }> {
  const date = p.query.date ?? p.today;
  checkDate(date, p.today);
  const docs = await openDocumentsAt(db, { companyId: p.companyId, side: p.side, date });
  const groups = new Map<string, OpenDocument[]>();
  for (const d of docs) {
    const key = d.counterpart.id ?? `id:${d.counterpart.identificacion}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  let rows: AgingRow[] = [...groups.values()].map((group) => {
    const { amounts, oldestDueDate } = sumByBucket(group, date);
    // The name on the newest document, in case it changed.
    const newest = group.reduce((a, b) => (b.fechaEmision > a.fechaEmision ? b : a));
    return { _id: newest.counterpart.id, razonSocial: newest.counterpart.razonSocial, identificacion: newest.counterpart.identificacion, documents: group.length, oldestDueDate, ...amounts };
  });
  const all = sumByBucket(docs, date).amounts;
  const term = p.query.q?.trim().toLowerCase();
  if (term) rows = rows.filter((r) => r.razonSocial.toLowerCase().includes(term) || r.identificacion.includes(term));
  const sort = p.query.sort ?? '-total';
  const field = sort.replace(/^-/, '');
  if (!(SORTABLE as readonly string[]).includes(field)) throw new AppError('VALIDATION', `No se puede ordenar por "${field}"`, { details: [{ path: 'sort', message: `Campos permitidos: ${SORTABLE.join(', ')}` }] });
  const dir = sort.startsWith('-') ? -1 : 1;
  const key = field as keyof AgingRow;
  rows.sort((a, b) => {
    const x = a[key] ?? '';
    const y = b[key] ?? '';
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'es');
    return c * dir || a.razonSocial.localeCompare(b.razonSocial, 'es');
  });
  const { limit, offset } = pageWindow(p.query);
  return { items: rows.slice(offset, offset + limit), total: rows.length, totals: { ...all, documents: docs.length }, date };
}

/** One document of the drill-down (core/customer-statement.ts): what was left on it on the date and how late it was. */
export type { AgingDocument };

/** The documents of one counterpart on the date (oldest due first), paged; `_id` of the counterpart's record. */
export async function agingDocuments(db: Db, p: { companyId: string; side: PaymentSide; counterpart: string; query: AgingQuery; today: string }): Promise<{ items: AgingDocument[]; total: number }> {
  const date = p.query.date ?? p.today;
  checkDate(date, p.today);
  const docs = await openDocumentsAt(db, { companyId: p.companyId, side: p.side, date, counterpart: p.counterpart });
  const items = docs.map((d) => {
    const bucket = agingBucketOf(d.dueDate, date);
    return {
      _id: d.id,
      resource: d.resource,
      codDoc: d.codDoc,
      documentType: `${metaByCodDoc(d.codDoc)?.label ?? 'Comprobante'}${d.table === 'received' ? ' recibida' : ''}`,
      numero: d.numero,
      fechaEmision: d.fechaEmision,
      dueDate: d.dueDate,
      daysOverdue: Math.max(0, daysOverdue(d.dueDate, date)),
      bucket,
      bucketLabel: AGING_BUCKETS.find((b) => b.key === bucket)!.label,
      importeTotal: Number(d.importeTotal),
      saldo: Number(d.saldo),
      razonSocial: d.counterpart.razonSocial,
    };
  });
  const sorted = sortInMemory(items, p.query.sort, ['fechaEmision', 'dueDate', 'numero', 'documentType', 'daysOverdue', 'importeTotal', 'saldo']);
  const { limit, offset } = pageWindow(p.query);
  return { items: sorted.slice(offset, offset + limit), total: items.length };
}
