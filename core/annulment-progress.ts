/**
 * How an open anulación request moves when the SRI's consultation service answers (DESIGN.md §10,
 * core/annulment.ts), as one pure function shared by the on-demand check and the periodic job.
 * Dates 'YYYY-MM-DD' (America/Guayaquil); the windows are inclusive of their last day.
 *
 * - ANULADO -> ANULADA (the comprobante's status becomes ANULADA too).
 * - PENDIENTE DE ANULAR -> PENDIENTE_ANULAR (the receiver of a 04/05/07 has to answer).
 * - AUTORIZADO after PENDIENTE DE ANULAR, within the acceptance window -> RECHAZADA (the receiver
 *   refused); once the window (acceptanceDeadline, or the online deadline when no acceptance is
 *   needed) has ended with the SRI still answering AUTORIZADO -> CADUCADA.
 * - NO AUTORIZADO or a refused consultation (RECHAZADA 99) change nothing.
 */
import { isOpenAnnulment, type Annulment, type AnnulmentState } from './annulment.ts';

/** What the consultation answered: an `estadoAutorizacion`, or null for a refused consultation. */
export type ConsultaAnswer = string | null;

/**
 * The state the request moves to, or null when it stays as it is (a closed request never moves).
 * @param today the check's day ('YYYY-MM-DD', America/Guayaquil).
 * @example nextAnnulmentState({ state: 'PENDIENTE_ANULAR', acceptanceDeadline: '2026-03-10', deadline: '2026-04-07', needsAcceptance: true }, 'AUTORIZADO', '2026-03-09') // 'RECHAZADA'
 */
export function nextAnnulmentState(a: Pick<Annulment, 'state' | 'deadline' | 'acceptanceDeadline' | 'needsAcceptance'>, answer: ConsultaAnswer, today: string): AnnulmentState | null {
  if (!isOpenAnnulment(a)) return null;
  if (answer === 'ANULADO') return 'ANULADA';
  if (answer === 'PENDIENTE DE ANULAR') return a.state === 'PENDIENTE_ANULAR' ? null : 'PENDIENTE_ANULAR';
  if (answer !== 'AUTORIZADO') return null;
  const windowEnd = a.needsAcceptance && a.acceptanceDeadline ? a.acceptanceDeadline : a.deadline;
  if (today > windowEnd) return 'CADUCADA';
  // AUTORIZADO again after PENDIENTE DE ANULAR, before the window ended: the receiver said no.
  if (a.state === 'PENDIENTE_ANULAR') return 'RECHAZADA';
  return null;
}

/** The audit note of a move into `state` (comprobante_event.note), in Spanish. */
export function annulmentStateNote(state: AnnulmentState): string {
  switch (state) {
    case 'SOLICITADA':
      return 'Anulación solicitada';
    case 'PENDIENTE_ANULAR':
      return 'El SRI responde PENDIENTE DE ANULAR: espera la aceptación del receptor';
    case 'ANULADA':
      return 'El SRI responde ANULADO: comprobante anulado';
    case 'RECHAZADA':
      return 'El receptor rechazó la anulación: el SRI responde AUTORIZADO de nuevo';
    case 'CADUCADA':
      return 'La solicitud de anulación caducó: el plazo terminó y el SRI sigue respondiendo AUTORIZADO';
  }
}
