/**
 * The anulación of an authorised comprobante as Emite records and follows it (DESIGN.md §10;
 * shared/sri/ANULACION.md: Res. NAC-DGERCGC25-00000014 reformed by -00000017). The SRI annuls only in
 * SRI en línea (no web service); Emite stores the request, its deadlines and each state the SRI's
 * consultation service reports, shared by the server (storage, rules, job) and the screens.
 *
 * SOLICITADA (recorded; the SRI still answers AUTORIZADO) -> PENDIENTE_ANULAR (the SRI answers
 * PENDIENTE DE ANULAR: the receiver of a 04/05/07 must accept within 5 business days) -> ANULADA (the
 * SRI answers ANULADO; the comprobante's status becomes ANULADA), RECHAZADA (the receiver refused:
 * AUTORIZADO again after PENDIENTE DE ANULAR) or CADUCADA (the window ended with the SRI still
 * answering AUTORIZADO). SOLICITADA may also be withdrawn (DELETE), leaving no open request.
 */

export const ANNULMENT_STATES = ['SOLICITADA', 'PENDIENTE_ANULAR', 'ANULADA', 'RECHAZADA', 'CADUCADA'] as const;
export type AnnulmentState = (typeof ANNULMENT_STATES)[number];

/** States in which the request is still being followed (the job asks the SRI about it). */
export const OPEN_ANNULMENT_STATES: readonly AnnulmentState[] = ['SOLICITADA', 'PENDIENTE_ANULAR'];

/** What the SRI's consultation service answers in `estadoAutorizacion` (SRI ficha técnica §8.4). */
export const SRI_ESTADOS = ['AUTORIZADO', 'NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO'] as const;
export type SriEstado = (typeof SRI_ESTADOS)[number];

/**
 * The `annulment` object of an issued comprobante (API and column comprobante.annulment). Dates
 * 'YYYY-MM-DD' (America/Guayaquil calendar days, inclusive), instants ISO 8601.
 */
export interface Annulment {
  state: AnnulmentState;
  /** Why (Spanish, ≤ 300 characters): e.g. "Error en los datos del comprador". */
  motivo: string;
  requestedAt: string;
  /** The user who asked (_id), or null when an API key did. */
  requestedBy: string | null;
  /** Their name, as the document's page shows it. */
  requestedByName?: string;
  /** Last day to request it in SRI en línea: day 7 of the month after emission, or the next business day. */
  deadline: string;
  /** 04, 05 and 07 to a receiver who must accept: last day of the 5 business days after the request. */
  acceptanceDeadline?: string;
  /** Whether the receiver must accept it in SRI en línea. */
  needsAcceptance: boolean;
  /** Last time the consultation service was asked, and what it answered. */
  checkedAt?: string;
  sriEstado?: SriEstado;
  /** When the state last changed. */
  stateAt?: string;
  /**
   * true when Emite also made the request in the sandbox's stand-in for SRI en línea (SRI_ENV=sandbox);
   * false: the user makes it in SRI en línea ({@link SRI_EN_LINEA_STEPS}) and Emite follows the outcome.
   */
  sandboxPortal?: boolean;
}

/** What to do in SRI en línea when Emite talks to the real SRI (no web service annuls: ANULACION.md §2). */
export const SRI_EN_LINEA_STEPS: readonly string[] = [
  'Ingrese a SRI en línea (srienlinea.sri.gob.ec) con el RUC y la clave de la empresa.',
  'Abra Facturación electrónica > Anulación de comprobantes electrónicos.',
  'Escriba la clave de acceso del comprobante, revise sus datos y solicite la anulación.',
  'Si es una nota de crédito, nota de débito o retención, el receptor debe aceptarla en SRI en línea dentro de 5 días hábiles.',
  'Emite consulta al SRI periódicamente y marcará el comprobante como Anulado cuando el SRI lo confirme.',
];

/** Spanish label and Chakra colour of each state (badges, the document's panel, the dashboard). */
export const ANNULMENT_DISPLAY: Readonly<Record<AnnulmentState, { label: string; color: string }>> = {
  SOLICITADA: { label: 'Anulación solicitada', color: 'orange' },
  PENDIENTE_ANULAR: { label: 'Pendiente de anular', color: 'orange' },
  ANULADA: { label: 'Anulada', color: 'gray' },
  RECHAZADA: { label: 'Anulación rechazada', color: 'red' },
  CADUCADA: { label: 'Anulación caducada', color: 'red' },
};

/** Whether the request is still followed ({@link OPEN_ANNULMENT_STATES}). */
export function isOpenAnnulment(a: Pick<Annulment, 'state'> | null | undefined): boolean {
  return Boolean(a && (OPEN_ANNULMENT_STATES as readonly string[]).includes(a.state));
}
