/**
 * Received documents confirmed by the SRI (DESIGN.md §10). A document uploaded as XML is
 * `confirmed = false` until the SRI authorisation service returns its key AUTORIZADO with the same
 * signed comprobante (the same ds:SignatureValue and the same totals); from then on the stored XML is
 * the SRI's, never the upload (so an unsigned block inside the upload is never served back). An
 * upload the SRI authorised with another content (re-signed with another certificate, or an amount
 * changed and signed again) stays unconfirmed with a Spanish reason in `confirm_message`, and so out
 * of the ATS, the forms, the books and payables (server/domain/reports/trusted-received.ts).
 * Confirming also asks the consultation service (ficha técnica §8) for the key's current estado.
 * The SRI unreachable changes nothing: the caller hears 503 and the daily retry asks again.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { receivedDocuments } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SriPort } from '../../sri/sri-port.ts';
import { pickAutorizacion, SriUnavailableError, type Ambiente } from '../../sri/soap-client.ts';
import { parseXml, all } from '../../sri/xml-dom.ts';
import { SRI_ESTADOS, type SriEstado } from '../../../core/annulment.ts';
import { authorizationDate, type ReceivedDocumentRow } from './import-received-document.ts';
import { parseReceivedXml, receivedFigures } from './parse-received-xml.ts';
import { receivedNumero } from './received-view.ts';

/** What a confirmation did: confirmed now, already confirmed before, or left unconfirmed (with the reason stored). */
export type ConfirmOutcome = 'confirmed' | 'already' | 'unconfirmed';

/** The ds:SignatureValue of a signed comprobante, whitespace removed; '' when it has none or is not XML. */
export function signatureValueOf(xml: string): string {
  try {
    const sv = all(parseXml(xml), 'SignatureValue')[0];
    return (sv?.textContent ?? '').replace(/\s+/g, '');
  } catch {
    return '';
  }
}

/**
 * Why the SRI's comprobante is not the uploaded one (Spanish), or null when they are the same
 * signed document: same SignatureValue, same totals.
 */
export function uploadMismatch(uploaded: ReceivedDocumentRow, sriXml: string): string | null {
  let sri;
  try {
    sri = parseReceivedXml(sriXml);
  } catch {
    return 'El SRI devolvió un comprobante que no se pudo leer';
  }
  const money = (v: string | number) => Number(v).toFixed(2);
  if (money(sri.importeTotal) !== money(uploaded.importeTotal)) {
    return `El XML subido no es el que autorizó el SRI: el importe total autorizado es ${money(sri.importeTotal)} y el del XML subido ${money(uploaded.importeTotal)}. Registre el comprobante por su clave de acceso`;
  }
  const sriSignature = signatureValueOf(sriXml);
  if (!sriSignature || sriSignature !== signatureValueOf(uploaded.xml)) {
    return 'El XML subido no es el que autorizó el SRI: está firmado con otra firma electrónica. Registre el comprobante por su clave de acceso';
  }
  return null;
}

const isSriEstado = (v: string | undefined): v is SriEstado => !!v && (SRI_ESTADOS as readonly string[]).includes(v);

/**
 * The consultation service's estado for the key, or undefined when it refused the consultation
 * (RECHAZADA 99: unknown key or out of its date range).
 * @throws SriUnavailableError
 */
async function consultEstado(sri: SriPort, claveAcceso: string): Promise<SriEstado | undefined> {
  if (!sri.consultarEstadoAutorizacionComprobante) return undefined;
  const answer = await sri.consultarEstadoAutorizacionComprobante(claveAcceso, claveAcceso[23] as Ambiente);
  return isSriEstado(answer.estadoAutorizacion) ? answer.estadoAutorizacion : undefined;
}

/**
 * Ask the SRI about one received document and store the outcome (see the module comment).
 * @returns the outcome and the row as stored afterwards.
 * @throws AppError NOT_FOUND (not this company's), SRI_UNAVAILABLE 503 (the SRI did not answer:
 *   nothing was changed; try later).
 * @example await confirmReceivedDocument({ db, sri, companyId, id, now: new Date() }) // { outcome: 'confirmed', row }
 */
export async function confirmReceivedDocument(p: { db: Db; sri: SriPort; companyId: string; id: string; now: Date }): Promise<{ outcome: ConfirmOutcome; row: ReceivedDocumentRow }> {
  const where = and(eq(receivedDocuments.companyId, p.companyId), eq(receivedDocuments.id, p.id));
  const [row] = await p.db.select().from(receivedDocuments).where(where);
  if (!row) throw notFound('El comprobante recibido');
  const unavailable = (err: SriUnavailableError) =>
    new AppError('SRI_UNAVAILABLE', `El SRI no respondió a la consulta del comprobante ${receivedNumero(row)}; no se cambió nada, intente más tarde (${err.message})`);
  try {
    if (row.confirmed) {
      // Already the SRI's XML: refresh what the consultation service says about the key.
      const estado = await consultEstado(p.sri, row.claveAcceso);
      const [updated] = await p.db.update(receivedDocuments).set({ ...(estado ? { sriEstado: estado } : {}), sriCheckedAt: p.now }).where(where).returning();
      return { outcome: 'already', row: updated ?? row };
    }
    const answer = await p.sri.autorizacionComprobante(row.claveAcceso, row.claveAcceso[23] as Ambiente);
    const picked = pickAutorizacion(answer);
    if (!picked || picked.estado !== 'AUTORIZADO' || !picked.comprobante) {
      const message = !picked
        ? 'El SRI aún no tiene un comprobante autorizado con esta clave de acceso; se volverá a consultar cada día'
        : `El SRI no autorizó este comprobante (estado: ${picked.estado || 'sin estado'})`;
      const [updated] = await p.db
        .update(receivedDocuments)
        .set({ confirmMessage: message, sriCheckedAt: p.now, ...(picked?.estado === 'NO AUTORIZADO' ? { sriEstado: 'NO AUTORIZADO' as const } : {}) })
        .where(and(where, eq(receivedDocuments.confirmed, false)))
        .returning();
      return { outcome: 'unconfirmed', row: updated ?? row };
    }
    const sriXml = picked.comprobante.trim();
    const mismatch = uploadMismatch(row, sriXml);
    if (mismatch) {
      const [updated] = await p.db.update(receivedDocuments).set({ confirmMessage: mismatch, sriCheckedAt: p.now }).where(and(where, eq(receivedDocuments.confirmed, false))).returning();
      return { outcome: 'unconfirmed', row: updated ?? row };
    }
    // The same signed document: from now on it is the SRI's text, and every stored figure is read from it.
    const doc = parseReceivedXml(sriXml);
    let estado: SriEstado = 'AUTORIZADO';
    try {
      estado = (await consultEstado(p.sri, row.claveAcceso)) ?? 'AUTORIZADO';
    } catch (err) {
      if (!(err instanceof SriUnavailableError)) throw err;
      // The authorisation service answered AUTORIZADO just now: that is enough to confirm.
    }
    const [updated] = await p.db
      .update(receivedDocuments)
      .set({
        xml: sriXml,
        authorizationXml: answer.raw,
        numeroAutorizacion: picked.numeroAutorizacion ?? row.numeroAutorizacion,
        fechaAutorizacion: authorizationDate(picked.fechaAutorizacion) ?? row.fechaAutorizacion,
        ...receivedFigures(doc),
        confirmed: true,
        sriEstado: estado,
        sriCheckedAt: p.now,
        confirmMessage: null,
      })
      .where(and(where, eq(receivedDocuments.confirmed, false)))
      .returning();
    if (!updated) {
      // Another request confirmed it meanwhile.
      const [current] = await p.db.select().from(receivedDocuments).where(where);
      return { outcome: 'already', row: current ?? row };
    }
    return { outcome: 'confirmed', row: updated };
  } catch (err) {
    if (err instanceof SriUnavailableError) throw unavailable(err);
    throw err;
  }
}
