/**
 * Move an invoice from one status to another with its audit row, in one transaction. The update is
 * guarded by the expected current status, so two workers cannot both apply a transition.
 * @returns the updated row, or undefined when the invoice was no longer in `from`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceEvents, invoices, type SriMensajeRow } from '../../db/schema/invoicing.ts';

export type InvoiceStatus = 'BORRADOR' | 'FIRMADA' | 'RECIBIDA' | 'DEVUELTA' | 'EN_PROCESO' | 'AUTORIZADA' | 'NO_AUTORIZADA' | 'ANULADA';

export async function transitionInvoice(
  tx: Db,
  p: {
    companyId: string;
    invoiceId: string;
    from: InvoiceStatus | InvoiceStatus[];
    to: InvoiceStatus;
    userId?: string | null;
    mensajes?: SriMensajeRow[];
    note?: string;
    set?: Partial<typeof invoices.$inferInsert>;
    now: Date;
  },
) {
  const from = Array.isArray(p.from) ? p.from : [p.from];
  const [row] = await tx
    .update(invoices)
    .set({ ...p.set, status: p.to, updatedAt: p.now, ...(p.mensajes ? { mensajes: p.mensajes } : {}) })
    .where(and(eq(invoices.companyId, p.companyId), eq(invoices.id, p.invoiceId), inArray(invoices.status, from)))
    .returning();
  if (!row) return undefined;
  await tx.insert(invoiceEvents).values({
    companyId: p.companyId,
    invoiceId: p.invoiceId,
    at: p.now,
    userId: p.userId ?? null,
    fromStatus: from.length === 1 ? from[0] : null,
    toStatus: p.to,
    mensajes: p.mensajes ?? [],
    note: p.note ?? null,
  });
  return row;
}
