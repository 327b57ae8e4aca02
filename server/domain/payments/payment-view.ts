/**
 * The API shape of a payment (DESIGN.md §12): `{_id, fecha, formaPago, valor, referencia,
 * recordedBy, createdAt}`, valor a number (USD), fecha 'YYYY-MM-DD', createdAt ISO 8601; the
 * company-wide list adds the document it belongs to.
 */
import { sql } from 'drizzle-orm';
import { apiKeys, payments, users } from '../../db/schema/index-tables.ts';

/** Who recorded a payment, as one line: the user's name, or the API key's name. */
export const recordedBySql = sql<string | null>`coalesce((select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.companyId} = ${payments.companyId} and ${users.id} = ${payments.createdBy}), (select 'Clave de API ' || ${apiKeys.name} from ${apiKeys} where ${apiKeys.companyId} = ${payments.companyId} and ${apiKeys.id} = ${payments.apiKeyId}))`;

export const paymentColumns = {
  id: payments.id,
  fecha: payments.fecha,
  formaPago: payments.formaPago,
  valor: payments.valor,
  referencia: payments.referencia,
  createdAt: payments.createdAt,
  recordedBy: recordedBySql,
};

export type PaymentRow = { id: string; fecha: string; formaPago: string; valor: string; referencia: string | null; createdAt: Date; recordedBy: string | null };

export function toPaymentView(row: PaymentRow) {
  return {
    _id: row.id,
    fecha: row.fecha,
    formaPago: row.formaPago,
    valor: Number(row.valor),
    referencia: row.referencia,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PaymentView = ReturnType<typeof toPaymentView>;
