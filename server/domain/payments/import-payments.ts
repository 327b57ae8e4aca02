/**
 * Payments from a bank statement (DESIGN.md §12: `POST /api/payments/import`, a CSV body). Each row
 * names a document by its number (`001-001-000000123`, or the 15 digits) or its clave de acceso
 * (49 digits), and gives the payment's fecha (AAAA-MM-DD or DD/MM/AAAA), valor (dot or decimal
 * comma), formaPago (SRI tabla 24; default 20, "otros con utilización del sistema financiero") and
 * referencia. Header cells are matched without accents or case: número / numero / documento /
 * factura, clave de acceso / claveAcceso, fecha, valor / monto / importe, forma de pago /
 * formaPago, referencia.
 *
 * A number is looked up among our facturas, notas de débito and liquidaciones de compra, then among
 * the received facturas and notas de débito; a number that fits more than one document asks for the
 * clave de acceso. Every row is checked first (nothing written) with the rules of a single payment
 * (record-payment.ts), the rows of one document together against its saldo, and a row equal to a
 * payment already recorded (same document, fecha, valor and referencia) is refused, so a statement
 * imported twice records nothing twice. Then `mode: 'all'` records every row in one transaction or
 * none when a row failed; `mode: 'valid'` records the rows that passed; `dryRun` records nothing and
 * answers what the same request would do (the preview). Each recorded payment is audited and
 * announced (webhook `payment.recorded`) like a single one.
 *
 * Errors name the line a person sees (the header is line 1), the header cell and a Spanish reason.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, payments, receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { paymentStatusOf } from '../../../core/receivables.ts';
import type { PaymentImportError, PaymentImportPreview as CorePaymentImportPreview, PaymentImportResult as CorePaymentImportResult } from '../../../core/payment-import.ts';
import { headerKey } from '../csv/csv-columns.ts';
import { readCsv } from '../csv/read-csv.ts';
import { cachedCatalogCodes } from '../resources/prepare-body.ts';
import { loadPaymentTarget, notInBooksReason, resourceOfDocument, type PaymentResource, type PaymentTarget } from './payment-documents.ts';
import { checkPaymentInput, recordPayment, type PaymentInput } from './record-payment.ts';
import { date, money } from '../../../core/display-format.ts';
import { lowerFirst } from '../../../core/validation-messages.ts';
import { comprobanteScope } from '../../db/repositories/comprobantes.ts';

/** Most data rows one import takes. */
export const MAX_PAYMENT_IMPORT_ROWS = 2000;

/** The forma de pago of a row that gives none: 20, otros con utilización del sistema financiero. */
export const DEFAULT_FORMA_PAGO = '20';

/** The answer's shapes live in core/ (the import screen reads them too); rows name a PaymentResource. */
export type { PaymentImportError };
export type PaymentImportPreview = CorePaymentImportPreview<PaymentResource>;
export type PaymentImportResult = CorePaymentImportResult<PaymentResource>;

type Field = 'numero' | 'claveAcceso' | 'fecha' | 'valor' | 'formaPago' | 'referencia';

const HEADER_NAMES: Record<string, Field> = Object.fromEntries(
  (
    [
      [['numero', 'número', 'numero de documento', 'número de documento', 'documento', 'factura', 'comprobante', 'n.º', 'no.'], 'numero'],
      [['clave de acceso', 'claveacceso', 'clave', 'clave acceso'], 'claveAcceso'],
      [['fecha', 'fecha del pago', 'fecha de pago'], 'fecha'],
      [['valor', 'monto', 'importe', 'valor pagado'], 'valor'],
      [['forma de pago', 'formapago', 'forma pago'], 'formaPago'],
      [['referencia', 'referencia bancaria', 'concepto', 'descripcion', 'descripción'], 'referencia'],
    ] as Array<[string[], Field]>
  ).flatMap(([names, field]) => names.map((n) => [headerKey(n), field])),
);

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const AMOUNT = /^[+-]?\d+([.,]\d{1,})?$/;

/** 'DD/MM/AAAA' -> 'AAAA-MM-DD'; other text as it is (record-payment.ts checks it). */
function isoDate(text: string): string {
  const m = DMY.exec(text);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : text;
}

/** '1.234,56' or '1,234.56' or '12,5' -> '1234.56' / '12.5'; null when it is not an amount. */
export function parseAmount(text: string): string | null {
  let t = text.replace(/\s|\$/g, '');
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(t)) t = t.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(t)) t = t.replace(/,/g, '');
  if (!AMOUNT.test(t)) return null;
  return t.replace(',', '.');
}

/** '001-001-000000123' or '001001000000123' -> its parts; null otherwise. */
function numeroParts(text: string): { estab: string; ptoEmi: string; secuencial: number } | null {
  const m = /^(\d{3})-?(\d{3})-?(\d{1,9})$/.exec(text.replace(/\s/g, ''));
  return m ? { estab: m[1], ptoEmi: m[2], secuencial: Number(m[3]) } : null;
}

type Found = { resource: PaymentResource; id: string } | { error: string };

/** The document a row names, company-scoped. */
async function findDocument(db: Db, companyId: string, p: { numero?: string; clave?: string }): Promise<Found> {
  if (p.clave) {
    const clave = p.clave.replace(/\s/g, '');
    if (!/^\d{49}$/.test(clave)) return { error: 'La clave de acceso debe tener 49 dígitos' };
    const own = await db.select({ id: comprobantes.id, codDoc: comprobantes.codDoc }).from(comprobantes).where(comprobanteScope({ companyId }, eq(comprobantes.claveAcceso, clave)));
    if (own[0]) {
      if (!['01', '05', '03'].includes(own[0].codDoc)) return { error: 'La clave de acceso es de un comprobante que no lleva pagos (solo facturas, notas de débito y liquidaciones de compra)' };
      return { resource: resourceOfDocument('comprobante', own[0].codDoc), id: own[0].id };
    }
    const received = await db.select({ id: rd.id }).from(rd).where(and(eq(rd.companyId, companyId), eq(rd.claveAcceso, clave)));
    if (received[0]) return { resource: 'received-document', id: received[0].id };
    return { error: `No hay ningún comprobante con la clave de acceso ${clave}` };
  }
  const parts = numeroParts(p.numero ?? '');
  if (!parts) return { error: `"${p.numero}" no es un número de comprobante (001-001-000000123)` };
  const own = await db
    .select({ id: comprobantes.id, codDoc: comprobantes.codDoc })
    .from(comprobantes)
    .where(comprobanteScope({ companyId }, eq(comprobantes.estab, parts.estab), eq(comprobantes.ptoEmi, parts.ptoEmi), eq(comprobantes.secuencial, parts.secuencial), inArray(comprobantes.codDoc, ['01', '05', '03'])));
  const received = own.length
    ? []
    : await db
        .select({ id: rd.id })
        .from(rd)
        .where(and(eq(rd.companyId, companyId), eq(rd.estab, parts.estab), eq(rd.ptoEmi, parts.ptoEmi), eq(rd.secuencial, String(parts.secuencial).padStart(9, '0')), inArray(rd.codDoc, ['01', '05'])));
  const numero = `${parts.estab}-${parts.ptoEmi}-${String(parts.secuencial).padStart(9, '0')}`;
  if (own.length + received.length > 1) return { error: `Hay más de un comprobante con el número ${numero}: indique su clave de acceso` };
  if (own[0]) return { resource: resourceOfDocument('comprobante', own[0].codDoc), id: own[0].id };
  if (received[0]) return { resource: 'received-document', id: received[0].id };
  return { error: `No hay ninguna factura, nota de débito ni liquidación con el número ${numero}` };
}

/** True when the document already has a payment with this fecha, valor and referencia. */
async function alreadyRecorded(db: Db, companyId: string, t: PaymentTarget, body: { fecha: string; valor: string; referencia: string | null }): Promise<boolean> {
  const ofDocument = t.table === 'comprobante' ? eq(payments.comprobanteId, t.id) : eq(payments.receivedDocumentId, t.id);
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), ofDocument, eq(payments.fecha, body.fecha), eq(payments.valor, body.valor), body.referencia === null ? sql`${payments.referencia} is null` : eq(payments.referencia, body.referencia)))
    .limit(1);
  return rows.length > 0;
}

export interface ImportPaymentsOptions {
  db: Db;
  companyId: string;
  csv: string;
  mode: 'all' | 'valid';
  dryRun: boolean;
  userId: string | null;
  apiKeyId: string | null;
  now: Date;
}

interface CheckedRow {
  preview: PaymentImportPreview;
  resource: PaymentResource;
  body: PaymentInput;
}

/**
 * Check every row, then record as `mode` and `dryRun` say.
 * @returns what was (or would be) recorded, each passing row's preview and each failing row's errors.
 * @throws AppError VALIDATION for a file that cannot be read at all (no rows, too many rows, no document column).
 */
export async function importPayments(o: ImportPaymentsOptions): Promise<PaymentImportResult> {
  const parsed = readCsv(o.csv);
  if (!parsed.ok) throw new AppError('VALIDATION', parsed.message, { details: [{ path: `fila ${parsed.line}`, message: parsed.message }] });
  const fields = parsed.header.map((cell) => HEADER_NAMES[headerKey(cell)] ?? null);
  const columnOf = (field: Field) => parsed.header[fields.indexOf(field)] ?? field;
  const fileError = (message: string) => new AppError('VALIDATION', message, { details: [{ path: 'csv', message }] });
  if (!fields.includes('numero') && !fields.includes('claveAcceso')) throw fileError('El archivo necesita una columna "número" o "clave de acceso" que nombre el comprobante de cada pago');
  for (const f of ['fecha', 'valor'] as const) if (!fields.includes(f)) throw fileError(`Falta la columna "${f}"`);
  if (parsed.rows.length === 0) throw fileError('El archivo no tiene filas de pagos');
  if (parsed.rows.length > MAX_PAYMENT_IMPORT_ROWS) throw fileError(`El archivo tiene ${parsed.rows.length} filas; se importan hasta ${MAX_PAYMENT_IMPORT_ROWS} por vez`);

  const today = guayaquilDate(o.now);
  const catalogCodes = cachedCatalogCodes(o.db);
  const targets = new Map<string, PaymentTarget>();
  /** What earlier rows of the file take from each document's saldo. */
  const taken = new Map<string, Decimal>();
  const errors: PaymentImportError[] = [];
  const checked: CheckedRow[] = [];

  for (const r of parsed.rows) {
    const cell = (f: Field) => {
      const i = fields.indexOf(f);
      return i < 0 ? '' : (r.cells[i] ?? '').trim().replace(/^'(?=[=+\-@])/, '');
    };
    const fail = (field: Field | '', message: string) => errors.push({ row: r.line, column: field ? columnOf(field) : '', message });
    const numero = cell('numero');
    const clave = cell('claveAcceso');
    if (!numero && !clave) {
      fail(fields.includes('numero') ? 'numero' : 'claveAcceso', 'Falta el número o la clave de acceso del comprobante');
      continue;
    }
    const valorText = parseAmount(cell('valor'));
    if (valorText === null) {
      fail('valor', cell('valor') ? `"${cell('valor')}" no es un valor (use 12.50 o 12,50)` : 'Falta el valor del pago');
      continue;
    }
    const referencia = cell('referencia') || null;
    const body: PaymentInput = { fecha: isoDate(cell('fecha')), formaPago: cell('formaPago') || DEFAULT_FORMA_PAGO, valor: valorText, referencia };
    let valor: Decimal;
    try {
      valor = await checkPaymentInput(body, { today, catalogCodes });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const path = (err.details?.[0]?.path ?? '') as Field;
      fail(fields.includes(path) ? path : '', err.message);
      continue;
    }
    const found = await findDocument(o.db, o.companyId, { numero, clave });
    if ('error' in found) {
      fail(clave ? 'claveAcceso' : 'numero', found.error);
      continue;
    }
    let target = targets.get(found.id);
    if (!target) {
      target = await loadPaymentTarget(o.db, { companyId: o.companyId, resource: found.resource, id: found.id });
      targets.set(found.id, target);
    }
    const reason = notInBooksReason(target);
    if (reason) {
      fail(clave ? 'claveAcceso' : 'numero', reason);
      continue;
    }
    if (await alreadyRecorded(o.db, o.companyId, target, { fecha: body.fecha, valor: valor.toFixed(2), referencia })) {
      fail('', `Este pago ya está registrado en ${lowerFirst(target.what)} (${date(body.fecha)}, ${money(valor.toFixed(2))}${referencia ? `, ${referencia}` : ''})`);
      continue;
    }
    const before = new Decimal(target.saldo).minus(taken.get(target.id) ?? 0);
    if (valor.greaterThan(before)) {
      const earlier = taken.has(target.id) ? ' (después de las filas anteriores de este archivo)' : '';
      fail('valor', before.isZero() ? `${target.what} ya está pagada${earlier}: su saldo es $ 0.00` : `El pago de ${money(valor.toFixed(2))} supera el saldo de ${lowerFirst(target.what)}${earlier}: ${money(before.toFixed(2))}`);
      continue;
    }
    taken.set(target.id, (taken.get(target.id) ?? new Decimal(0)).plus(valor));
    const after = before.minus(valor);
    const state = after.isZero() ? 'PAGADA' : 'PARCIAL';
    checked.push({
      resource: found.resource,
      body,
      preview: {
        row: r.line,
        document: { _id: target.id, resource: found.resource, documentType: `${metaByCodDoc(target.codDoc)?.label ?? 'Comprobante'}${target.table === 'received' ? ' recibida' : ''}`, numero: target.numero, razonSocial: target.counterpart.razonSocial },
        fecha: body.fecha,
        formaPago: body.formaPago,
        valor: valor.toNumber(),
        referencia,
        saldoAntes: before.toNumber(),
        saldoDespues: after.toNumber(),
        paymentStatus: paymentStatusOf(state, target.dueDate, today),
      },
    });
  }

  const rows = checked.map((c) => c.preview);
  const writes = o.mode === 'all' && errors.length > 0 ? [] : checked;
  if (o.dryRun || writes.length === 0) return { recorded: writes.length, dryRun: o.dryRun, mode: o.mode, rows, errors };

  const record = (db: Db, c: CheckedRow) =>
    recordPayment({ db, companyId: o.companyId, resource: c.resource, id: c.preview.document._id, body: c.body, userId: o.userId, apiKeyId: o.apiKeyId, now: o.now, catalogCodes });
  const asRowError = (c: CheckedRow, err: unknown): PaymentImportError => {
    if (!(err instanceof AppError)) throw err;
    const path = err.details?.[0]?.path as Field | undefined;
    return { row: c.preview.row, column: path && fields.includes(path) ? columnOf(path) : '', message: err.message };
  };
  if (o.mode === 'all') {
    // One transaction: a row refused now (the saldo changed since the check) undoes them all.
    let failed: PaymentImportError | null = null;
    await o.db
      .transaction(async (tx) => {
        for (const c of writes) {
          try {
            c.preview.paymentId = (await record(tx, c))._id;
          } catch (err) {
            failed = asRowError(c, err);
            throw err;
          }
        }
      })
      .catch((err: unknown) => {
        if (!failed) throw err;
      });
    if (failed) {
      for (const c of writes) delete c.preview.paymentId;
      return { recorded: 0, dryRun: false, mode: o.mode, rows, errors: [failed] };
    }
    return { recorded: writes.length, dryRun: false, mode: o.mode, rows, errors };
  }
  let recorded = 0;
  for (const c of writes) {
    try {
      c.preview.paymentId = (await record(o.db, c))._id;
      recorded += 1;
    } catch (err) {
      errors.push(asRowError(c, err));
    }
  }
  return { recorded, dryRun: false, mode: o.mode, rows: rows.filter((p) => p.paymentId), errors: errors.sort((a, b) => a.row - b.row) };
}
