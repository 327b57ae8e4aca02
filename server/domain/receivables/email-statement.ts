/**
 * Mails a customer's estado de cuenta (`POST /api/customer/{_id}/statement/email`): the PDF of
 * renderStatementPdf attached, to `to` or the customer's e-mail.
 * @returns the message for the user and the recipient.
 * @throws AppError UNPROCESSABLE when the customer has no e-mail and none is given; what
 *   customerStatement throws; the mailer's error.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index-tables.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { statementMail } from '../../mail/templates.ts';
import { AppError } from '../../errors.ts';
import { toSriDate } from '../../../core/guayaquil-date.ts';
import { formaPagoNames } from '../payments/forma-pago-names.ts';
import { customerStatement } from './customer-statement.ts';
import { renderStatementPdf } from './statement-pdf.ts';

/** The statement PDF and its file name. */
export async function statementPdf(db: Db, p: { companyId: string; customerId: string; from: string; to: string; today: string }) {
  const statement = await customerStatement(db, { ...p, formasPago: await formaPagoNames(db) });
  const [company] = await db.select().from(companies).where(eq(companies.id, p.companyId));
  const pdf = await renderStatementPdf({ statement, company, today: p.today });
  return { statement, pdf, filename: `estado-de-cuenta-${statement.customer.identificacion}-${p.from}-${p.to}.pdf` };
}

export async function emailCustomerStatement(db: Db, mailer: Mailer, p: { companyId: string; customerId: string; from: string; to: string; today: string; recipient?: string }): Promise<{ message: string; to: string }> {
  const { statement, pdf, filename } = await statementPdf(db, p);
  const to = p.recipient ?? statement.customer.email ?? undefined;
  if (!to) throw new AppError('UNPROCESSABLE', 'El cliente no tiene correo electrónico; indique uno', { details: [{ path: 'to', message: 'sin correo' }] });
  const [company] = await db.select({ razonSocial: companies.razonSocial }).from(companies).where(eq(companies.id, p.companyId));
  await mailer.send(
    statementMail({
      to,
      razonSocialCliente: statement.customer.razonSocial,
      razonSocialEmisor: company.razonSocial,
      periodo: `${toSriDate(p.from)} al ${toSriDate(p.to)}`,
      saldo: statement.closingBalance.toFixed(2),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    }),
  );
  return { message: `Estado de cuenta enviado a ${to}`, to };
}
