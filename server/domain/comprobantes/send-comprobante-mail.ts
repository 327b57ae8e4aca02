/**
 * Mail an authorised comprobante (any registered type) to its buyer: the authorised XML (the legal document) and the RIDE
 * PDF attached (SRI: deliver both after authorisation); the RIDE is printed from the signed XML.
 * Recipients: `to` when given, else the buyer's e-mail and the type's own (`type_detail.mailTo`:
 * the destinatarios of a guía de remisión), in one message. Records `emailed_at` and an audit note.
 * @throws AppError UNPROCESSABLE when there is no recipient and none is given; the mailer's error.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, customers, comprobanteEvents } from '../../db/schema/index-tables.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invoiceMail } from '../../mail/templates.ts';
import { AppError, COMPROBANTE_LOCKED } from '../../errors.ts';
import { renderComprobanteRide } from './render-comprobante-ride.ts';
import { comprobanteType } from './registry.ts';
import { invoiceNumero, type ComprobanteRow } from './comprobante-view.ts';
import { getComprobante } from './list-comprobantes.ts';
import { theLabelOf } from './comprobante-labels.ts';
import { markComprobanteEmailed } from '../../db/repositories/comprobantes.ts';

/**
 * `POST /api/{resource}/{_id}/email`: mail the company's authorised comprobante of type `codDoc`
 * (see {@link sendComprobanteMail}).
 * @returns the message for the user and the recipients, e.g. `{ message: 'Factura enviada a a@b.ec', to: 'a@b.ec' }`.
 * @throws AppError NOT_FOUND (another company's or type's id); INVOICE_LOCKED when it is not AUTORIZADA;
 *   what {@link sendComprobanteMail} throws.
 */
export async function emailComprobante(o: { db: Db; mailer: Mailer; companyId: string; id: string; codDoc: string; now: Date; to?: string }): Promise<{ message: string; to: string }> {
  const row = await getComprobante(o.db, { companyId: o.companyId, id: o.id, codDoc: o.codDoc });
  const the = theLabelOf(o.codDoc);
  if (row.status !== 'AUTORIZADA') throw new AppError(COMPROBANTE_LOCKED, `Solo se envía por correo ${the.theOne.toLowerCase()} autorizad${the.ending} por el SRI`);
  const [company] = await o.db.select().from(companies).where(eq(companies.id, o.companyId));
  const to = await sendComprobanteMail({ db: o.db, mailer: o.mailer, invoice: row, company, now: o.now, to: o.to });
  return { message: `${comprobanteType(o.codDoc).meta.label} enviad${the.ending} a ${to}`, to };
}

export async function sendComprobanteMail(o: { db: Db; mailer: Mailer; invoice: ComprobanteRow; company: typeof companies.$inferSelect; now: Date; to?: string }): Promise<string> {
  const customerId = o.invoice.customerId;
  const [customer] = customerId ? await o.db.select().from(customers).where(and(eq(customers.companyId, o.invoice.companyId), eq(customers.id, customerId))) : [];
  const own = ((o.invoice.typeDetail as { mailTo?: unknown }).mailTo as string[] | undefined) ?? [];
  const to = o.to ?? ([...new Set([...(customer?.email ? [customer.email] : []), ...own])].join(', ') || undefined);
  if (!to) throw new AppError('UNPROCESSABLE', customerId ? 'El cliente no tiene correo electrónico; indique uno' : 'Ningún destinatario tiene correo electrónico; indique uno');
  const pdf = await renderComprobanteRide({ db: o.db, invoice: o.invoice, company: o.company });
  const numero = invoiceNumero(o.invoice)!;
  const { meta } = comprobanteType(o.invoice.codDoc);
  await o.mailer.send(
    invoiceMail({
      to,
      razonSocialComprador: o.invoice.razonSocialComprador,
      razonSocialEmisor: o.company.razonSocial,
      numero,
      documentLabel: meta.label,
      importeTotal: Number(o.invoice.importeTotal).toFixed(2),
      claveAcceso: o.invoice.claveAcceso!,
      attachments: [
        { filename: `${meta.fileStem}-${numero}.xml`, content: o.invoice.authorizationXml ?? o.invoice.signedXml!, contentType: 'application/xml' },
        { filename: `RIDE-${numero}.pdf`, content: pdf, contentType: 'application/pdf' },
      ],
    }),
  );
  await markComprobanteEmailed(o.db, { companyId: o.invoice.companyId, id: o.invoice.id, at: o.now });
  await o.db.insert(comprobanteEvents).values({ companyId: o.invoice.companyId, comprobanteId: o.invoice.id, at: o.now, fromStatus: o.invoice.status, toStatus: o.invoice.status, note: `Enviada por correo a ${to}` });
  return to;
}
