/**
 * Registers one received comprobante (DESIGN.md §8): parse, check (key, buyer, signature), refuse a
 * key already registered, then in one transaction link or create the supplier (facturas and notas)
 * or our withheld factura (a retención received), store the row with its XML, and enqueue the
 * comprobante.received webhook event (DESIGN.md §9) for the company's subscribed endpoints.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, receivedDocuments } from '../../db/schema/index-tables.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../errors.ts';
import { checkReceivedDocument } from './check-received-document.ts';
import { hasSupplier, linkSupplier } from './link-supplier.ts';
import { parseReceivedXml, receivedFigures } from './parse-received-xml.ts';
import type { UnwrappedComprobante } from './read-authorization.ts';
import { findWithheldFactura } from './withheld-factura.ts';
import { findModifiedReceivedFactura, linkNotasToReceivedFactura } from './modified-factura.ts';
import { enqueueWebhookEvent } from '../webhooks/webhook-jobs.ts';
import { toReceivedSummary } from './received-view.ts';

export type ReceivedDocumentRow = typeof receivedDocuments.$inferSelect;
/** How the document entered: by access key, XML upload, or a row of the portal's TXT listing. */
export type ReceivedSource = 'clave' | 'xml' | 'txt';

export interface ImportReceivedOptions {
  db: Db;
  companyId: string;
  /** The importing user (created_by); null for an API key. */
  userId: string | null;
  source: ReceivedSource;
  comprobante: UnwrappedComprobante;
  /** The key asked for (by key, TXT): the XML must carry this one. */
  claveAcceso?: string;
  now: Date;
}

/** The 409 of a key the company already registered, naming the key. */
export const duplicateKey = (claveAcceso: string, id?: string) =>
  new AppError('CONFLICT', `El comprobante con clave de acceso ${claveAcceso} ya está registrado`, { details: [{ path: 'claveAcceso', message: 'ya registrado' }], ...(id ? { extra: { _id: id } } : {}) });

/** fechaAutorizacion as the SRI writes it (ISO 8601 with offset, or dd/mm/yyyy hh:mm:ss, Ecuador time) -> Date, or null. */
export function authorizationDate(value: string | undefined): Date | null {
  if (!value) return null;
  const old = /^(\d{2})\/(\d{2})\/(\d{4})\s+(\d{2}):(\d{2}):(\d{2})$/.exec(value);
  const date = old ? new Date(`${old[3]}-${old[2]}-${old[1]}T${old[4]}:${old[5]}:${old[6]}-05:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * @returns the stored row.
 * @throws AppError UNPROCESSABLE (unreadable XML, key or buyer or signature refused; Spanish, with
 *   the field path), CONFLICT 409 (key already registered, the message names it), NOT_FOUND (company).
 * @example await importReceivedDocument({ db, companyId, userId, source: 'xml', comprobante: unwrapComprobante(text), now })
 */
export async function importReceivedDocument(o: ImportReceivedOptions): Promise<ReceivedDocumentRow> {
  const doc = parseReceivedXml(o.comprobante.xml);
  if (o.claveAcceso && doc.claveAcceso !== o.claveAcceso) {
    throw new AppError('UNPROCESSABLE', `El SRI devolvió un comprobante con otra clave de acceso (${doc.claveAcceso}) para ${o.claveAcceso}`, { details: [{ path: 'claveAcceso', message: 'no coincide' }] });
  }
  const [company] = await o.db.select({ ruc: companies.ruc, razonSocial: companies.razonSocial }).from(companies).where(eq(companies.id, o.companyId));
  if (!company) throw notFound('La empresa');
  checkReceivedDocument(doc, o.comprobante.xml, company);
  const [taken] = await o.db
    .select({ id: receivedDocuments.id })
    .from(receivedDocuments)
    .where(and(eq(receivedDocuments.companyId, o.companyId), eq(receivedDocuments.claveAcceso, doc.claveAcceso)));
  if (taken) throw duplicateKey(doc.claveAcceso, taken.id);

  // Fetched by key (one by one or from the portal's listing), the XML is the one the SRI
  // authorisation service returned: confirmed. An upload waits for the SRI (confirm-received-document.ts).
  const fromSri = o.source !== 'xml';
  return onUniqueViolation(
    () =>
      o.db.transaction(async (tx) => {
        const supplierId = hasSupplier(doc.codDoc) ? await linkSupplier(tx, { companyId: o.companyId, doc, now: o.now }) : null;
        // A retención: our factura it withholds; a supplier's nota de crédito: the factura of theirs it modifies.
        const relatedId = doc.codDoc === '07' ? await findWithheldFactura(tx, { companyId: o.companyId, doc }) : doc.codDoc === '04' ? await findModifiedReceivedFactura(tx, { companyId: o.companyId, doc }) : null;
        const [row] = await tx
          .insert(receivedDocuments)
          .values({
            companyId: o.companyId,
            claveAcceso: doc.claveAcceso,
            codDoc: doc.codDoc,
            version: doc.version.slice(0, 8),
            estab: doc.estab,
            ptoEmi: doc.ptoEmi,
            secuencial: doc.secuencial,
            fechaEmision: doc.fechaEmision,
            fechaAutorizacion: authorizationDate(o.comprobante.fechaAutorizacion),
            numeroAutorizacion: o.comprobante.numeroAutorizacion ?? null,
            rucEmisor: doc.rucEmisor,
            razonSocialEmisor: doc.razonSocialEmisor,
            identificacionComprador: doc.identificacionComprador,
            razonSocialComprador: doc.razonSocialComprador,
            supplierId,
            ...receivedFigures(doc),
            xml: o.comprobante.xml,
            authorizationXml: o.comprobante.authorizationXml ?? null,
            source: o.source,
            confirmed: fromSri,
            sriEstado: fromSri ? 'AUTORIZADO' : null,
            sriCheckedAt: fromSri ? o.now : null,
            relatedId,
            createdBy: o.userId,
            createdAt: o.now,
          })
          .returning();
        if (row.codDoc === '01') await linkNotasToReceivedFactura(tx, { companyId: o.companyId, factura: row });
        // DESIGN.md §9: comprobante.received, written with the row (delivered by the worker after commit).
        await enqueueWebhookEvent(tx, { companyId: o.companyId, type: 'comprobante.received', data: toReceivedSummary({ ...row, withheld: false }), now: o.now });
        return row;
      }),
    (constraint) => (constraint === 'received_document_company_clave' ? duplicateKey(doc.claveAcceso) : undefined),
  );
}
