/**
 * The life of every SRI comprobante (factura, notas, retención, guía, liquidación), once for the
 * server, the worker, the dashboard, the lists and the badges (DESIGN.md §4 and §7).
 *
 * BORRADOR (editable draft) -> FIRMADA (numbered, signed, waiting to be sent) -> RECIBIDA (the SRI
 * reception service took it) or DEVUELTA (reception refused it) -> EN_PROCESO (authorisation still
 * working) -> AUTORIZADA or NO_AUTORIZADA. ANULADA is set after the fact (annulled in the SRI portal).
 * SRI source: ficha técnica de comprobantes electrónicos, esquema offline, §"Estados".
 */

/** Every status, in life order. The `status` column's CHECK constraint lists exactly these. */
export const COMPROBANTE_STATUSES = ['BORRADOR', 'FIRMADA', 'RECIBIDA', 'DEVUELTA', 'EN_PROCESO', 'AUTORIZADA', 'NO_AUTORIZADA', 'ANULADA'] as const;

export type ComprobanteStatus = (typeof COMPROBANTE_STATUSES)[number];

/**
 * Waiting for the SRI: signed and numbered, not yet answered for good. The worker keeps sending or
 * polling these; "ask the SRI again" applies only to them; the dashboard counts them as pending.
 */
export const WAITING_FOR_SRI: readonly ComprobanteStatus[] = ['FIRMADA', 'RECIBIDA', 'EN_PROCESO'];

/** Allowed moves: from each status, the statuses it may go to. Anything else is a bug. */
export const TRANSITIONS: Readonly<Record<ComprobanteStatus, readonly ComprobanteStatus[]>> = {
  BORRADOR: ['FIRMADA'],
  FIRMADA: ['RECIBIDA', 'DEVUELTA', 'EN_PROCESO', 'AUTORIZADA', 'NO_AUTORIZADA'],
  RECIBIDA: ['EN_PROCESO', 'AUTORIZADA', 'NO_AUTORIZADA'],
  EN_PROCESO: ['AUTORIZADA', 'NO_AUTORIZADA'],
  DEVUELTA: [],
  AUTORIZADA: ['ANULADA'],
  NO_AUTORIZADA: [],
  ANULADA: [],
};

/** Spanish label and Chakra colour palette of each status (list badges, issued panel, dashboard). */
export const STATUS_DISPLAY: Readonly<Record<ComprobanteStatus, { label: string; color: string }>> = {
  BORRADOR: { label: 'Borrador', color: 'gray' },
  FIRMADA: { label: 'Firmada', color: 'purple' },
  RECIBIDA: { label: 'Recibida', color: 'blue' },
  EN_PROCESO: { label: 'En proceso', color: 'cyan' },
  AUTORIZADA: { label: 'Autorizada', color: 'green' },
  DEVUELTA: { label: 'Devuelta', color: 'orange' },
  NO_AUTORIZADA: { label: 'No autorizada', color: 'red' },
  ANULADA: { label: 'Anulada', color: 'gray' },
};

/** A status as people read it ('AUTORIZADA' -> 'Autorizada'); an unknown code comes back as it is. */
export function statusLabel(status: string): string {
  return isComprobanteStatus(status) ? STATUS_DISPLAY[status].label : status;
}

/** Whether `status` is one of {@link COMPROBANTE_STATUSES} (a narrowing guard for untyped input). */
export function isComprobanteStatus(status: string): status is ComprobanteStatus {
  return (COMPROBANTE_STATUSES as readonly string[]).includes(status);
}

/** Whether the comprobante is waiting for the SRI ({@link WAITING_FOR_SRI}). */
export function isWaitingForSri(status: string): boolean {
  return (WAITING_FOR_SRI as readonly string[]).includes(status);
}

/** Whether moving `from` -> `to` is allowed ({@link TRANSITIONS}). @example canTransition('BORRADOR', 'FIRMADA') // true */
export function canTransition(from: ComprobanteStatus, to: ComprobanteStatus): boolean {
  return TRANSITIONS[from].includes(to);
}
