/**
 * The documents a payment can be recorded on (DESIGN.md §12), by the API resource that addresses
 * them: our facturas and notas de débito (receivables), our liquidaciones de compra and the
 * facturas and notas de débito we received (payables). Reads one of them, company-scoped, with
 * the figures of its balance; inside a transaction, `lock` takes its row FOR UPDATE, so two
 * payments on one document run one after the other and the second sees the first's saldo.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { theLabelOf } from '../comprobantes/comprobante-labels.ts';
import { invoiceNumero } from '../comprobantes/comprobante-view.ts';
import { receivedNumero } from '../received/received-view.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { statusLabel } from '../../../core/comprobante-status.ts';
import { findComprobanteColumns } from '../../db/repositories/comprobantes.ts';

/** The API resources with `/{_id}/payments` (`/api/{resource}/{_id}/payments`). */
export const PAYMENT_RESOURCES = ['invoice', 'debit-note', 'purchase-settlement', 'received-document'] as const;
export type PaymentResource = (typeof PAYMENT_RESOURCES)[number];

/** receivable: the counterpart pays us; payable: we pay the counterpart. */
export type PaymentSide = 'receivable' | 'payable';

const DOCUMENTS: Record<PaymentResource, { table: 'comprobante' | 'received'; codDocs: string[]; side: PaymentSide }> = {
  invoice: { table: 'comprobante', codDocs: ['01'], side: 'receivable' },
  'debit-note': { table: 'comprobante', codDocs: ['05'], side: 'receivable' },
  'purchase-settlement': { table: 'comprobante', codDocs: ['03'], side: 'payable' },
  'received-document': { table: 'received', codDocs: ['01', '05'], side: 'payable' },
};

/** A document a payment is recorded on, with its balance figures (USD as 2-place strings). */
export interface PaymentTarget {
  resource: PaymentResource;
  /** Which column of `payment` points at it. */
  table: 'comprobante' | 'received';
  id: string;
  codDoc: string;
  side: PaymentSide;
  /** '001-001-000000123'; null for a draft. */
  numero: string | null;
  /** "La factura 001-001-000000123", for messages. */
  what: string;
  fechaEmision: string;
  /** The comprobante's status ('AUTORIZADA', 'ANULADA', …); 'RECIBIDO' for a received document. */
  status: string;
  importeTotal: string;
  credited: string;
  withheld: string;
  paid: string;
  saldo: string;
  /** PENDIENTE | PARCIAL | PAGADA, or null when the document is not in the books. */
  paymentState: string | null;
  dueDate: string | null;
  /** Customer (receivables) or supplier (payables): its record _id when known, name and identification. */
  counterpart: { id: string | null; razonSocial: string; identificacion: string };
}

const comprobanteColumns = {
  id: comprobantes.id,
  codDoc: comprobantes.codDoc,
  estab: comprobantes.estab,
  ptoEmi: comprobantes.ptoEmi,
  secuencial: comprobantes.secuencial,
  fechaEmision: comprobantes.fechaEmision,
  status: comprobantes.status,
  importeTotal: comprobantes.importeTotal,
  credited: comprobantes.amountCredited,
  withheld: comprobantes.amountWithheld,
  paid: comprobantes.amountPaid,
  saldo: comprobantes.saldo,
  paymentState: comprobantes.paymentState,
  dueDate: comprobantes.dueDate,
  customerId: comprobantes.customerId,
  typeDetail: comprobantes.typeDetail,
  razonSocial: comprobantes.razonSocialComprador,
  identificacion: comprobantes.identificacionComprador,
};

const receivedColumns = {
  id: rd.id,
  codDoc: rd.codDoc,
  estab: rd.estab,
  ptoEmi: rd.ptoEmi,
  secuencial: rd.secuencial,
  fechaEmision: rd.fechaEmision,
  importeTotal: rd.importeTotal,
  credited: rd.amountCredited,
  withheld: rd.amountWithheld,
  paid: rd.amountPaid,
  saldo: rd.saldo,
  paymentState: rd.paymentState,
  dueDate: rd.dueDate,
  supplierId: rd.supplierId,
  razonSocial: rd.razonSocialEmisor,
  identificacion: rd.rucEmisor,
};

/** The balance columns both tables keep (DESIGN.md §12); a document never paid has saldo = its total. */
function balanceOf<R extends { importeTotal: string; credited: string; withheld: string; paid: string; saldo: string | null; paymentState: R['paymentState']; dueDate: R['dueDate'] }>(row: R) {
  return { importeTotal: row.importeTotal, credited: row.credited, withheld: row.withheld, paid: row.paid, saldo: row.saldo ?? row.importeTotal, paymentState: row.paymentState, dueDate: row.dueDate };
}

const label = (codDoc: string) => metaByCodDoc(codDoc)?.label ?? 'Comprobante';

/**
 * The document `id` of `resource`, company-scoped; `lock` (inside a transaction) takes its row FOR UPDATE.
 * @throws AppError NOT_FOUND (another company's, another type's, or none).
 */
export async function loadPaymentTarget(db: Db, p: { companyId: string; resource: PaymentResource; id: string; lock?: boolean }): Promise<PaymentTarget> {
  const doc = DOCUMENTS[p.resource];
  const common = { resource: p.resource, table: doc.table, side: doc.side };
  if (doc.table === 'comprobante') {
    const row = await findComprobanteColumns(db, comprobanteColumns, { companyId: p.companyId, id: p.id, codDoc: doc.codDocs }, { lock: p.lock });
    if (!row) throw notFound(theLabelOf(doc.codDocs[0]).theOne);
    const numero = invoiceNumero(row);
    const supplier = (row.typeDetail as { supplier?: string }).supplier;
    return {
      ...common,
      id: row.id,
      codDoc: row.codDoc,
      numero,
      what: `${theLabelOf(row.codDoc).theOne} ${numero ?? '(borrador)'}`,
      fechaEmision: row.fechaEmision,
      status: row.status,
      ...balanceOf(row),
      counterpart: { id: row.codDoc === '03' ? (supplier ?? null) : row.customerId, razonSocial: row.razonSocial, identificacion: row.identificacion },
    };
  }
  const query = db
    .select(receivedColumns)
    .from(rd)
    .where(and(eq(rd.companyId, p.companyId), eq(rd.id, p.id)));
  const [row] = p.lock ? await query.for('update') : await query;
  if (!row) throw notFound('El comprobante recibido');
  const numero = receivedNumero(row);
  return {
    ...common,
    id: row.id,
    codDoc: row.codDoc,
    numero,
    what: row.codDoc === '01' || row.codDoc === '05' ? `${theLabelOf(row.codDoc).theOne} recibida ${numero}` : `El comprobante recibido ${numero}`,
    fechaEmision: row.fechaEmision,
    status: 'RECIBIDO',
    ...balanceOf(row),
    counterpart: { id: row.supplierId, razonSocial: row.razonSocial, identificacion: row.identificacion },
  };
}

/**
 * Why no payment can be recorded on a document that is not in the books, in Spanish; null when it is.
 * @example notInBooksReason(target) // 'La factura 001-001-000000001 está ANULADA: no lleva saldo ni pagos'
 */
export function notInBooksReason(t: PaymentTarget): string | null {
  if (t.paymentState !== null) return null;
  if (t.table === 'received') {
    if (!DOCUMENTS['received-document'].codDocs.includes(t.codDoc)) return `Solo se registran pagos de facturas y notas de débito recibidas; este comprobante es ${label(t.codDoc).toLowerCase()}`;
    return `${t.what} no está confirmada con el SRI o fue anulada: no lleva saldo ni pagos`;
  }
  if (t.status === 'ANULADA') return `${t.what} está ANULADA: no lleva saldo ni pagos`;
  return `${t.what} no está autorizada por el SRI (estado: ${statusLabel(t.status)}): solo los comprobantes autorizados llevan saldo y pagos`;
}

/** The resource of a payment's document (for links), from the row it points at. */
export function resourceOfDocument(table: 'comprobante' | 'received', codDoc: string): PaymentResource {
  if (table === 'received') return 'received-document';
  return codDoc === '05' ? 'debit-note' : codDoc === '03' ? 'purchase-settlement' : 'invoice';
}

/** Thrown when a document is not in the books. */
export const notInBooks = (t: PaymentTarget) => new AppError('UNPROCESSABLE', notInBooksReason(t) ?? '');
