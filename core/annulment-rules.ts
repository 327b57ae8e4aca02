/**
 * The SRI's 2025 rules for annulling an authorised comprobante online (shared/sri/ANULACION.md §1:
 * Res. NAC-DGERCGC25-00000014, reformed by NAC-DGERCGC25-00000017, for documents issued from
 * 2025-08-01), as pure functions shared by the API (checked before anything is stored), the sandbox's
 * stand-in for SRI en línea and the screen that shows the deadline. Dates 'YYYY-MM-DD' in
 * America/Guayaquil; every refusal is a Spanish sentence that says what to do instead.
 */
import { addBusinessDays, nextBusinessDay } from './ecuador-holidays.ts';
import { isOpenAnnulment, type Annulment } from './annulment.ts';

/** Business days the receiver of a 04, 05 or 07 has to accept (Res. 14 art. 4 as reformed). */
export const ACCEPTANCE_BUSINESS_DAYS = 5;

/** Receiver identification types that need no acceptance (Res. 17: foreign ID or passport; SRI tabla 6: 06 pasaporte, 08 exterior). */
const FOREIGN_IDENTIFICATION = new Set(['06', '08']);

/** Comprobantes de venta: after the online deadline they are undone with a nota de crédito (Res. 14 art. 5). */
const SALES_DOCUMENTS = new Set(['01', '03']);

/**
 * Last day to request the anulación in SRI en línea: day 7 of the month after emission, or the next
 * business day when that is a weekend or a national day of rest (Res. 17 art. 3).
 * @example annulmentDeadline('2026-01-30') // '2026-02-09' (7 Feb 2026 is a Saturday)
 */
export function annulmentDeadline(fechaEmision: string): string {
  const [y, m] = fechaEmision.split('-').map(Number);
  const next = new Date(Date.UTC(y, m, 7)); // month m is the next one (0-based Date months)
  return nextBusinessDay(next.toISOString().slice(0, 10));
}

/**
 * Whether the receiver must accept in SRI en línea: retención (07), nota de crédito (04) and nota de
 * débito (05), unless the receiver is identified by passport (06) or as foreign (08). A deceased
 * receiver needs none either (Registro Civil), which Emite cannot know: that case waits for the SRI.
 * @example needsReceiverAcceptance('07', '04') // true
 */
export function needsReceiverAcceptance(codDoc: string, tipoIdentificacionReceptor: string | undefined): boolean {
  if (!['04', '05', '07'].includes(codDoc)) return false;
  return !FOREIGN_IDENTIFICATION.has(tipoIdentificacionReceptor ?? '');
}

/** Last day the receiver may accept: the 5th business day after the request day. */
export function acceptanceDeadline(requestDate: string): string {
  return addBusinessDays(requestDate, ACCEPTANCE_BUSINESS_DAYS);
}

/** What is known of the comprobante when an anulación is asked for. */
export interface AnnulmentCandidate {
  codDoc: string;
  status: string;
  fechaEmision: string;
  /** SRI tabla 6 of the buyer / sujeto retenido (07 consumidor final, 06 pasaporte, 08 exterior). */
  tipoIdentificacionReceptor?: string;
  identificacionReceptor?: string;
  annulment?: Pick<Annulment, 'state'> | null;
}

/** Why a request is refused: a reason code (the screen offers the nota de crédito for 'deadline' on a sale), the HTTP-ish kind and the sentence. */
export interface AnnulmentRefusal {
  reason: 'status' | 'already' | 'open' | 'consumidor_final' | 'deadline';
  /** 'conflict' for a request already open or done; 'rule' for the SRI's rules. */
  kind: 'conflict' | 'rule';
  message: string;
  /** After the deadline a sale is undone with a nota de crédito (Res. 14 art. 5). */
  alternative?: 'credit-note';
}

const fmt = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The first rule a request breaks, or null when it may be recorded.
 * @param today the request day ('YYYY-MM-DD', America/Guayaquil).
 * @example annulmentRefusal({ codDoc: '01', status: 'BORRADOR', fechaEmision: '2026-03-02' }, '2026-03-03')?.reason // 'status'
 */
export function annulmentRefusal(c: AnnulmentCandidate, today: string): AnnulmentRefusal | null {
  const rule = (reason: AnnulmentRefusal['reason'], message: string, alternative?: 'credit-note'): AnnulmentRefusal => ({ reason, kind: 'rule', message, ...(alternative ? { alternative } : {}) });
  if (c.status === 'ANULADA') return { reason: 'already', kind: 'conflict', message: 'Este comprobante ya está anulado en el SRI: no hay nada más que hacer.' };
  if (isOpenAnnulment(c.annulment)) return { reason: 'open', kind: 'conflict', message: 'Ya hay una solicitud de anulación en curso para este comprobante: espere la respuesta del SRI, consúltela de nuevo o retírela antes de pedir otra.' };
  if (c.status === 'BORRADOR') return rule('status', 'Un borrador no se anula porque aún no fue emitido: modifíquelo o elimínelo.');
  if (c.status === 'DEVUELTA' || c.status === 'NO_AUTORIZADA') return rule('status', 'El SRI no autorizó este comprobante, así que no tiene validez tributaria y no necesita anularse: corrija los datos y emita uno nuevo.');
  if (c.status !== 'AUTORIZADA') return rule('status', 'El comprobante aún espera la autorización del SRI: solo se anula uno autorizado. Consulte la autorización y vuelva a intentarlo.');
  if (c.codDoc === '01' && (c.tipoIdentificacionReceptor === '07' || c.identificacionReceptor === '9999999999999')) {
    return rule('consumidor_final', 'Una factura a consumidor final no se puede anular ni modificar con una nota de crédito (Res. NAC-DGERCGC25-00000014). Si la venta no se realizó, conserve el respaldo; para corregir datos, emita una nueva factura al comprador identificado.');
  }
  const deadline = annulmentDeadline(c.fechaEmision);
  if (today > deadline) {
    if (SALES_DOCUMENTS.has(c.codDoc)) return rule('deadline', `El plazo para anularla en línea venció el ${fmt(deadline)} (día 7 del mes siguiente a la emisión). Emita una nota de crédito por el valor a anular.`, 'credit-note');
    return rule('deadline', `El plazo para anularlo en línea venció el ${fmt(deadline)} (día 7 del mes siguiente a la emisión), y este tipo de comprobante solo se anula en línea: regístrelo como corresponda en su contabilidad o consulte al SRI.`);
  }
  return null;
}
