/**
 * Request and withdraw the anulación of an issued comprobante (DESIGN.md §10): the SRI's 2025 rules
 * are checked before anything is stored (core/annulment-rules.ts), each refusal a Spanish sentence
 * saying what to do instead; the request (who, when, motivo, deadlines) is stored with its audit row
 * (annulment-change.ts). With SRI_ENV=sandbox the request is also made in the sandbox's stand-in for
 * SRI en línea (`portal`), first, so a refusal there stores nothing; with the real SRI the user makes
 * it in SRI en línea and Emite follows the outcome through the consultation service.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { comprobantes } from '../../../db/schema/invoicing.ts';
import { users } from '../../../db/schema/users.ts';
import { AppError } from '../../../errors.ts';
import { receiverOf } from '../../../sri/receiver-of.ts';
import { acceptanceDeadline, annulmentDeadline, annulmentRefusal, needsReceiverAcceptance } from '../../../../core/annulment-rules.ts';
import { isOpenAnnulment, type Annulment } from '../../../../core/annulment.ts';
import { annulmentStateNote } from '../../../../core/annulment-progress.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { getComprobante } from '../list-comprobantes.ts';
import { changeAnnulment } from './annulment-change.ts';

type ComprobanteRow = typeof comprobantes.$inferSelect;

/** The sandbox's stand-in for SRI en línea: makes the issuer's request, or throws AppError with its refusal. */
export type PortalRequest = (claveAcceso: string, motivo: string) => Promise<void>;

export interface AnnulmentRequest {
  db: Db;
  companyId: string;
  id: string;
  codDoc: string;
  motivo: string;
  userId: string | null;
  apiKeyId: string | null;
  now: Date;
  /** Set with SRI_ENV=sandbox. */
  portal?: PortalRequest;
}

/**
 * @returns the comprobante with its new `annulment` (state SOLICITADA).
 * @throws AppError NOT_FOUND (not this company's, or another type), CONFLICT (already annulled, a
 *   request open; also when another request won a race), UNPROCESSABLE (the SRI's rules, with
 *   `reason` and, after the deadline on a sale, `alternative: 'credit-note'`), VALIDATION (empty motivo).
 */
export async function requestAnnulment(p: AnnulmentRequest): Promise<ComprobanteRow> {
  const row = await getComprobante(p.db, { companyId: p.companyId, id: p.id, codDoc: p.codDoc });
  const motivo = p.motivo.trim();
  if (!motivo) throw new AppError('VALIDATION', 'Escriba el motivo de la anulación (por ejemplo, "Error en los datos del comprador")', { details: [{ path: 'motivo', message: 'El motivo es obligatorio' }] });
  const receiver = row.signedXml ? receiverOf(row.signedXml) : {};
  const today = guayaquilDate(p.now);
  const refusal = annulmentRefusal(
    {
      codDoc: row.codDoc,
      status: row.status,
      fechaEmision: row.fechaEmision,
      tipoIdentificacionReceptor: receiver.tipoIdentificacion,
      identificacionReceptor: receiver.identificacion ?? row.identificacionComprador,
      annulment: row.annulment,
    },
    today,
  );
  if (refusal) {
    throw new AppError(refusal.kind === 'conflict' ? 'CONFLICT' : 'UNPROCESSABLE', refusal.message, { extra: { reason: refusal.reason, ...(refusal.alternative ? { alternative: refusal.alternative } : {}) } });
  }
  const needsAcceptance = needsReceiverAcceptance(row.codDoc, receiver.tipoIdentificacion);
  const name = p.userId ? await userName(p.db, p.companyId, p.userId) : undefined;
  const annulment: Annulment = {
    state: 'SOLICITADA',
    motivo,
    requestedAt: p.now.toISOString(),
    requestedBy: p.userId,
    ...(name ? { requestedByName: name } : {}),
    deadline: annulmentDeadline(row.fechaEmision),
    ...(needsAcceptance ? { acceptanceDeadline: acceptanceDeadline(today) } : {}),
    needsAcceptance,
    stateAt: p.now.toISOString(),
    sandboxPortal: Boolean(p.portal),
  };
  if (p.portal) await p.portal(row.claveAcceso!, motivo);
  const stored = await changeAnnulment(p.db, { companyId: p.companyId, comprobanteId: p.id, from: 'none', annulment, note: `${annulmentStateNote('SOLICITADA')}: ${motivo}`, userId: p.userId, apiKeyId: p.apiKeyId, now: p.now });
  if (!stored) throw new AppError('CONFLICT', 'El comprobante cambió mientras se pedía la anulación (otra solicitud o un cambio de estado): recargue la página y revise su estado.');
  return stored;
}

/**
 * Withdraw a request the SRI has not acted on (state SOLICITADA): `annulment` becomes null, with an
 * audit row. With the real SRI, withdraw it in SRI en línea too if it was made there.
 * @throws AppError NOT_FOUND, CONFLICT (no open request, or the SRI already acted on it).
 */
export async function withdrawAnnulment(p: { db: Db; companyId: string; id: string; codDoc: string; userId: string | null; apiKeyId: string | null; now: Date }): Promise<ComprobanteRow> {
  const row = await getComprobante(p.db, p);
  const a = row.annulment;
  if (!a || !isOpenAnnulment(a)) throw new AppError('CONFLICT', 'Este comprobante no tiene una solicitud de anulación en curso que retirar.');
  if (a.state !== 'SOLICITADA') throw new AppError('CONFLICT', 'El SRI ya registró la solicitud (pendiente de anular): ya no se puede retirar desde Emite. Espere la respuesta del receptor o que venza el plazo.');
  const stored = await changeAnnulment(p.db, { companyId: p.companyId, comprobanteId: p.id, from: 'SOLICITADA', annulment: null, note: `Solicitud de anulación retirada (motivo: ${a.motivo})`, userId: p.userId, apiKeyId: p.apiKeyId, now: p.now });
  if (!stored) throw new AppError('CONFLICT', 'La solicitud cambió mientras se retiraba: recargue la página y revise su estado.');
  return stored;
}

async function userName(db: Db, companyId: string, id: string): Promise<string | undefined> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return u ? `${u.firstName} ${u.lastName}`.trim() : undefined;
}
