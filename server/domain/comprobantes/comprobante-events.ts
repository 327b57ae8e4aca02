/**
 * The status history of one comprobante (`GET /api/{resource}/{_id}/events`), oldest first: each
 * transition with who made it (user or API key), the SRI's mensajes and the note (e.g. "Enviada por
 * correo a …").
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobanteEvents } from '../../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../../db/schema/invoicing.ts';
import { getComprobante } from './list-comprobantes.ts';

export type ComprobanteEventView = {
  /** ISO 8601 instant. */
  at: string;
  userId: string | null;
  apiKeyId: string | null;
  from: string | null;
  to: string;
  /** The SRI's mensajes of that step (identificador, mensaje, informacionAdicional, tipo). */
  mensajes: SriMensajeRow[];
  note: string | null;
};

/**
 * @throws AppError NOT_FOUND when the id is not a comprobante of this company and type.
 */
export async function listComprobanteEvents(db: Db, ids: { companyId: string; id: string; codDoc: string }): Promise<ComprobanteEventView[]> {
  await getComprobante(db, ids);
  const rows = await db
    .select()
    .from(comprobanteEvents)
    .where(and(eq(comprobanteEvents.companyId, ids.companyId), eq(comprobanteEvents.comprobanteId, ids.id)))
    .orderBy(asc(comprobanteEvents.at), asc(comprobanteEvents.id));
  return rows.map((e) => ({ at: e.at.toISOString(), userId: e.userId, apiKeyId: e.apiKeyId, from: e.fromStatus, to: e.toStatus, mensajes: e.mensajes, note: e.note }));
}
