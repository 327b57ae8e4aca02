/**
 * The SRI's rule for a comprobante it received but never authorised (shared/sri/SRI.md "Handling";
 * SRI ficha técnica, offline scheme): an authorisation query that keeps answering zero
 * autorizaciones long after the send means the comprobante was not processed, and it must be sent
 * again. The resend's answer then says where it stands: RECIBIDA (it is in now), 43 clave registrada
 * / 45 secuencial registrado / 70 en procesamiento (it was there after all), or DEVUELTA for another
 * reason (refused now, e.g. 65 fecha extemporánea). Pure: the worker supplies times and answers.
 */

/** Default SRI_RESEND_AFTER_MS: two minutes without an autorización after the last send. */
export const DEFAULT_RESEND_AFTER_MS = 2 * 60 * 1000;

/** The SRI already holds the comprobante: ask for its authorisation, never send it again. */
const ALREADY_THERE = new Set(['43', '45', '70']);

/**
 * After an authorisation query answered zero autorizaciones: 'resend' when the last send (or
 * resend) was at least `resendAfterMs` ago, else 'poll' (ask again later).
 * @param lastSentAt when the comprobante was last sent; null (unknown) counts as just now.
 * @example afterEmptyAutorizacion({ lastSentAt: new Date(0), now: new Date(), resendAfterMs: 120_000 }) // 'resend'
 */
export function afterEmptyAutorizacion(p: { lastSentAt: Date | null; now: Date; resendAfterMs: number }): 'poll' | 'resend' {
  if (!p.lastSentAt) return 'poll';
  return p.now.getTime() - p.lastSentAt.getTime() >= p.resendAfterMs ? 'resend' : 'poll';
}

/**
 * What a resend's reception answer means: 'received' (RECIBIDA), 'already_there' (DEVUELTA with
 * 43, 45 or 70: the SRI has it: poll) or 'returned' (DEVUELTA for any other reason: final).
 * @example afterResend({ estado: 'DEVUELTA', mensajes: [{ identificador: '43' }] }) // 'already_there'
 */
export function afterResend(answer: { estado: string; mensajes: Array<{ identificador: string }> }): 'received' | 'already_there' | 'returned' {
  if (answer.estado === 'RECIBIDA') return 'received';
  return answer.mensajes.some((m) => ALREADY_THERE.has(m.identificador)) ? 'already_there' : 'returned';
}

/** The audit note of each step, in Spanish, as the invoice history shows it. */
export const RESEND_NOTES = {
  resending: (minutes: number) => `Sin autorización ${minutes} min después del envío: el SRI no lo procesó; se reenvía`,
  received: 'Reenviado: el SRI lo recibió (RECIBIDA); se consulta la autorización',
  alreadyThere: (codes: string) => `Reenviado: el SRI ya lo tiene (${codes}); se sigue consultando la autorización`,
} as const;
