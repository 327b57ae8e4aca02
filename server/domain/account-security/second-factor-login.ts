/**
 * The second step of a login (DESIGN.md §15), from the ticket `PUT /auth/login` answered:
 * - `PUT /auth/login/mfa {ticket, code}`: a TOTP or recovery code -> the session, as a login answers;
 *   with a ticket for enrolment (the company requires a second factor the user has not set up), the
 *   code from the new secret turns it on and the answer also carries the ten `recoveryCodes`;
 * - `POST /auth/login/mfa/setup {ticket}` (enrolment tickets only): the secret and its otpauth URL.
 * A ticket is refused once the user's token version moved (password changed, sessions ended) or
 * the account was deactivated.
 * @throws AppError TICKET_INVALID (401), and what checkSecondFactor / setUpSecondFactor throw.
 */
import type { SecretBox } from '../../auth/secret-box.ts';
import { findCompany, findUser, type CompanyRow, type UserRow } from '../../db/repositories/users.ts';
import { AppError } from '../../errors.ts';
import type { AccountServices } from '../auth/account-services.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { openSession } from '../auth/login.ts';
import type { TicketClaims } from '../../auth/jwt.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { enableSecondFactor } from './enable-second-factor.ts';
import { setUpSecondFactor } from './set-up-second-factor.ts';

type Services = Pick<AccountServices, 'db' | 'jwt' | 'roleCache'> & { secretBox: SecretBox };

const invalidTicket = () => new AppError('TICKET_INVALID', 'La verificación venció o no es válida; inicie sesión de nuevo', { status: 401 });

async function ticketHolder(s: Services, ticket: string): Promise<{ claims: TicketClaims; user: UserRow; company: CompanyRow }> {
  const claims = await s.jwt.verifyTicket(ticket);
  if (!claims) throw invalidTicket();
  const [user, company] = await Promise.all([findUser(s.db, { companyId: claims.cid, id: claims.sub }), findCompany(s.db, { companyId: claims.cid })]);
  if (!user || !company || !user.active || user.tokenVersion !== claims.tv) throw invalidTicket();
  return { claims, user, company };
}

export async function setUpSecondFactorAtLogin(s: Services, p: { ticket: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const { claims, user } = await ticketHolder(s, p.ticket);
  if (!claims.setup) throw new AppError('CONFLICT', 'Esta cuenta ya tiene un segundo factor: ingrese el código de su aplicación');
  return setUpSecondFactor(s.db, s.secretBox, { companyId: user.companyId, userId: user.id });
}

export async function completeSecondFactorLogin(
  s: Services,
  p: { ticket: string; code: string; now: Date },
): Promise<{ token: string; result: CurrentUser; recoveryCodes?: string[] }> {
  const { claims, user, company } = await ticketHolder(s, p.ticket);
  const who = { companyId: user.companyId, userId: user.id, code: p.code, now: p.now, wrongStatus: 401 as const };
  if (claims.setup) {
    const { recoveryCodes } = await enableSecondFactor(s.db, s.secretBox, who);
    return { ...(await openSession(s, { ...user, mfaEnabledAt: p.now }, company)), recoveryCodes };
  }
  await checkSecondFactor(s.db, s.secretBox, { ...who, against: 'enabled', onAccepted: async () => undefined });
  return openSession(s, user, company);
}
