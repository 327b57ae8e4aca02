/**
 * Records a payment on one document (DESIGN.md §12: `POST /api/{resource}/{_id}/payments`), in one
 * transaction: the document's row is locked FOR UPDATE, the payment is checked against its saldo
 * (never above it), stored (a trigger adds it to the document's `paid`), audited (payment_event
 * RECORDED) and announced (webhook `payment.recorded`, a job row in the same transaction). Concurrent
 * payments on one document queue on the lock, so together they can never pay more than the saldo.
 */
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';
import { guayaquilDate, toSriDate } from '../../../core/guayaquil-date.ts';
import { paymentStateOf, paymentStatusOf, saldoOf } from '../../../core/receivables.ts';
import { catalogCodesOf, type CatalogCodes } from '../resources/prepare-body.ts';
import { enqueueWebhookEvent } from '../webhooks/webhook-jobs.ts';
import { loadPaymentTarget, notInBooks, type PaymentResource, type PaymentTarget } from './payment-documents.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import { money } from '../../../core/display-format.ts';
import { lowerFirst } from '../../../core/validation-messages.ts';

export interface PaymentInput {
  /** 'YYYY-MM-DD', not after today (America/Guayaquil). */
  fecha: string;
  /** SRI tabla 24 code (catalog forma_pago). */
  formaPago: string;
  /** USD, > 0, at most 2 decimals. */
  valor: number | string;
  referencia?: string | null;
}

export interface RecordPaymentOptions {
  db: Db;
  companyId: string;
  resource: PaymentResource;
  id: string;
  body: PaymentInput;
  userId: string | null;
  apiKeyId: string | null;
  now: Date;
  /** Catalog lookups to reuse across many payments (an import); default one query. */
  catalogCodes?: CatalogCodes;
}

/** The document after the payment: what the payment left owing. */
export type DocumentAfterPayment = {
  _id: string;
  resource: PaymentResource;
  numero: string | null;
  saldo: number;
  paymentStatus: string | null;
  dueDate: string | null;
};

export type RecordedPayment = PaymentView & { document: DocumentAfterPayment };

const invalid = (path: string, message: string) => new AppError('VALIDATION', message, { details: [{ path, message }] });

/**
 * The checks that need no document: 2 decimals, a date not in the future, a forma de pago of the catalog.
 * @throws AppError VALIDATION at `valor`, `fecha` or `formaPago`.
 */
export async function checkPaymentInput(body: PaymentInput, p: { today: string; catalogCodes: CatalogCodes }): Promise<Decimal> {
  let valor: Decimal;
  try {
    valor = new Decimal(body.valor);
  } catch {
    throw invalid('valor', 'El valor debe ser un número');
  }
  if (!valor.isFinite() || valor.lessThanOrEqualTo(0)) throw invalid('valor', 'El valor debe ser mayor que 0');
  if (valor.decimalPlaces() > 2) throw invalid('valor', `El valor admite hasta 2 decimales (${valor.toString()})`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.fecha) || Number.isNaN(Date.parse(`${body.fecha}T00:00:00Z`))) throw invalid('fecha', 'La fecha del pago debe tener el formato AAAA-MM-DD');
  if (body.fecha > p.today) throw invalid('fecha', `La fecha del pago no puede ser futura (hoy es ${toSriDate(p.today)})`);
  const codes = await p.catalogCodes(['forma_pago']);
  if (!codes.has(`forma_pago\u0000${body.formaPago}`)) throw invalid('formaPago', `"${body.formaPago}" no es una forma de pago de la tabla 24 del SRI`);
  return valor;
}

/**
 * The refusal of a payment above the saldo, naming both.
 * @example 'El pago de $ 42.01 supera el saldo de la factura 001-001-000000001: $ 42.00'
 */
export function aboveSaldo(target: PaymentTarget, valor: Decimal): AppError {
  const saldo = new Decimal(target.saldo).toFixed(2);
  const message = new Decimal(saldo).isZero()
    ? `${target.what} ya está pagada: su saldo es $ 0.00`
    : `El pago de ${money(valor.toFixed(2))} supera el saldo de ${lowerFirst(target.what)}: ${money(saldo)}`;
  return invalid('valor', message);
}

/**
 * @returns the payment and the document's new saldo and status.
 * @throws AppError NOT_FOUND (document), VALIDATION (valor, fecha, formaPago; above the saldo),
 *   UNPROCESSABLE (a document not in the books: a draft, rejected, annulled or unconfirmed one).
 */
export async function recordPayment(o: RecordPaymentOptions): Promise<RecordedPayment> {
  const today = guayaquilDate(o.now);
  const valor = await checkPaymentInput(o.body, { today, catalogCodes: o.catalogCodes ?? catalogCodesOf(o.db) });
  return o.db.transaction(async (tx) => {
    const target = await loadPaymentTarget(tx, { companyId: o.companyId, resource: o.resource, id: o.id, lock: true });
    if (target.paymentState === null) throw notInBooks(target);
    if (valor.greaterThan(target.saldo)) throw aboveSaldo(target, valor);
    const referencia = o.body.referencia?.trim() || null;
    const [row] = await tx
      .insert(payments)
      .values({
        companyId: o.companyId,
        ...(target.table === 'comprobante' ? { comprobanteId: target.id } : { receivedDocumentId: target.id }),
        fecha: o.body.fecha,
        formaPago: o.body.formaPago,
        valor: valor.toFixed(2),
        referencia,
        createdBy: o.userId,
        apiKeyId: o.apiKeyId,
        createdAt: o.now,
      })
      .returning({ id: payments.id, createdAt: payments.createdAt });
    await tx.insert(paymentEvents).values({
      companyId: o.companyId,
      paymentId: row.id,
      action: 'RECORDED',
      ...(target.table === 'comprobante' ? { comprobanteId: target.id } : { receivedDocumentId: target.id }),
      fecha: o.body.fecha,
      formaPago: o.body.formaPago,
      valor: valor.toFixed(2),
      referencia,
      userId: o.userId,
      apiKeyId: o.apiKeyId,
      at: o.now,
    });
    // The trigger has added the payment to the row; the same rule gives the figures it now holds.
    const after = { importeTotal: target.importeTotal, credited: target.credited, withheld: target.withheld, paid: new Decimal(target.paid).plus(valor).toFixed(2) };
    const document: DocumentAfterPayment = {
      _id: target.id,
      resource: target.resource,
      numero: target.numero,
      saldo: Number(saldoOf(after)),
      paymentStatus: paymentStatusOf(paymentStateOf(after), target.dueDate, today),
      dueDate: target.dueDate,
    };
    const payment = toPaymentView({ id: row.id, fecha: o.body.fecha, formaPago: o.body.formaPago, valor: valor.toFixed(2), referencia, createdAt: row.createdAt, recordedBy: null });
    await enqueueWebhookEvent(tx, {
      companyId: o.companyId,
      type: 'payment.recorded',
      data: { ...payment, side: target.side, document: { ...document, codDoc: target.codDoc, importeTotal: Number(target.importeTotal), counterpart: target.counterpart } },
      now: o.now,
      ...(target.table === 'comprobante' ? { comprobanteId: target.id } : {}),
    });
    return { ...payment, document };
  });
}
