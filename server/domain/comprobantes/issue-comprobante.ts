/**
 * Issue a draft (DESIGN.md §4–5, SRI ficha técnica offline): in ONE transaction lock the draft,
 * check it can be issued, take the next secuencial (row lock), compute the 49-digit claveAcceso,
 * build the factura XML, validate it against the XSD (compiled once), sign it XAdES-BES, store the
 * signed XML and the key (status FIRMADA + audit row) and enqueue the SRI send. A crash before
 * commit rolls everything back (no gap, no duplicate); after commit the job survives restarts and
 * the same key is reused on every retry.
 * @throws AppError NOT_FOUND, INVOICE_LOCKED (not a draft), VALIDATION (payments ≠ total, a
 *   consumidor final sale over the cap, date out of the SRI window), UNPROCESSABLE (no certificate,
 *   certificate expired at `now`, XML not valid against the XSD).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, customers, establishments, comprobantes } from '../../db/schema/index-tables.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { buildClaveAcceso, randomCodigoNumerico } from '../../../core/access-key.ts';
import { daysBetween, guayaquilDate } from '../../../core/guayaquil-date.ts';
import { buildSignedFactura } from './sign-comprobante.ts';
import { signingCredentialsFor } from '../certificates/company-certificate.ts';
import { assertConsumidorFinalCap, assertPagosMatchTotal } from './factura/factura-rules.ts';
import { AppError, notFound } from '../../errors.ts';
import { allocateSecuencial } from './allocate-secuencial.ts';
import { transitionInvoice } from './transition-comprobante.ts';
import { toFacturaDocument } from './factura/to-factura-document.ts';
import type { InvoiceRow } from './comprobante-view.ts';

export interface IssueInvoiceOptions {
  db: Db;
  secretBox: SecretBox;
  companyId: string;
  /** Who issues, for the audit row: a user, or (userId null) an API key. */
  userId: string | null;
  apiKeyId?: string | null;
  invoiceId: string;
  now: Date;
  /** Most a consumidor final (tipo 07) sale may total, USD (AppConfig.consumidorFinalCap). */
  consumidorFinalCap: number;
}

/** SRI error 65: fechaEmision more than 90 days old or in the future is refused. */
const MAX_AGE_DAYS = 90;

export async function issueInvoice(o: IssueInvoiceOptions): Promise<InvoiceRow> {
  // Parse (or take from cache) the certificate before opening the transaction: never hold the
  // sequence lock while node-forge works.
  const credentials = await signingCredentialsFor(o.db, o.secretBox, { companyId: o.companyId });
  // A signature is only valid while its certificate is: the upload check alone would let a
  // certificate expire while the company keeps issuing with it.
  if (credentials.notAfter.getTime() < o.now.getTime()) {
    throw new AppError('UNPROCESSABLE', `El certificado de firma electrónica expiró el ${guayaquilDate(credentials.notAfter)}; suba uno vigente en Empresa > Firma electrónica`);
  }
  return o.db.transaction(async (tx) => {
    // The draft (locked) with its company, establishment and customer: one round trip.
    const [loaded] = await tx
      .select({ invoice: comprobantes, company: companies, establishment: establishments, customer: customers })
      .from(comprobantes)
      .innerJoin(companies, eq(companies.id, comprobantes.companyId))
      .leftJoin(establishments, and(eq(establishments.companyId, comprobantes.companyId), eq(establishments.id, comprobantes.establishmentId)))
      .leftJoin(customers, and(eq(customers.companyId, comprobantes.companyId), eq(customers.id, comprobantes.customerId)))
      .where(and(eq(comprobantes.companyId, o.companyId), eq(comprobantes.id, o.invoiceId)))
      .for('update', { of: comprobantes });
    if (!loaded) throw notFound('La factura');
    const { invoice, company, establishment, customer } = loaded;
    if (invoice.status !== 'BORRADOR') throw new AppError('INVOICE_LOCKED', `La factura ya fue emitida (estado ${invoice.status})`);

    assertPagosMatchTotal({ pagos: invoice.pagos, importeTotal: invoice.importeTotal });
    const today = guayaquilDate(o.now);
    const age = daysBetween(invoice.fechaEmision, today);
    if (age < 0 || age > MAX_AGE_DAYS) {
      throw new AppError('VALIDATION', `La fecha de emisión debe estar entre hace ${MAX_AGE_DAYS} días y hoy (${today})`, {
        details: [{ path: 'fechaEmision', message: 'fuera del rango que acepta el SRI' }],
      });
    }

    if (!establishment || !customer) throw new AppError('VALIDATION', 'El establecimiento o el cliente de la factura ya no existen');
    // Again at issue: the buyer may have become a consumidor final, or the cap changed, since the draft was saved.
    assertConsumidorFinalCap({ tipoIdentificacion: customer.tipoIdentificacion, importeTotal: invoice.importeTotal, cap: o.consumidorFinalCap });

    const secuencial = await allocateSecuencial(tx, { companyId: o.companyId, estab: invoice.estab, ptoEmi: invoice.ptoEmi, codDoc: invoice.codDoc });
    const ambiente = company.ambiente as '1' | '2';
    const claveAcceso = buildClaveAcceso({
      fechaEmision: invoice.fechaEmision,
      codDoc: '01',
      ruc: company.ruc,
      ambiente,
      estab: invoice.estab,
      ptoEmi: invoice.ptoEmi,
      secuencial,
      codigoNumerico: randomCodigoNumerico(),
      tipoEmision: '1',
    });
    const doc = toFacturaDocument({ invoice, company, establishment, customer, claveAcceso, secuencial, ambiente });
    const signed = buildSignedFactura(doc, credentials, o.now);
    if (!signed.valid) {
      throw new AppError('UNPROCESSABLE', `El XML de la factura no cumple el esquema del SRI: ${signed.errors[0]}`, { details: signed.errors.map((e) => ({ path: 'xml', message: e })) });
    }
    const { signedXml } = signed;

    const row = await transitionInvoice(tx, {
      companyId: o.companyId,
      comprobanteId: o.invoiceId,
      from: 'BORRADOR',
      to: 'FIRMADA',
      userId: o.userId,
      apiKeyId: o.apiKeyId,
      now: o.now,
      mensajes: [],
      set: { secuencial, claveAcceso, ambiente, signedXml, issuedAt: o.now },
      enqueue: { kind: 'sri_send', runAt: o.now },
    });
    if (!row) throw new AppError('INVOICE_LOCKED', 'La factura cambió mientras se emitía; vuelva a intentarlo');
    return row;
  });
}
