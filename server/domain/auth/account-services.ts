/**
 * What the account flows (sign-up, sign-in, password reset, invitations) need beyond the database:
 * the mailer, the session token signer, the role permissions and the app's public URL for links.
 * Mails go out after the database commit; a mail that fails is logged and never fails the flow
 * (the user can ask for the link again).
 */
import type { Db } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { JwtService } from '../../auth/jwt.ts';
import type { RoleCache } from '../../auth/role-cache.ts';

export interface AccountServices {
  db: Db;
  mailer: Mailer;
  jwt: JwtService;
  roleCache: Pick<RoleCache, 'permissionsOf'>;
  /** Base of the links in the mails (APP_URL), without a trailing slash. */
  appUrl: string;
  /** Where a mail that could not be sent is reported. */
  log: { error(obj: object, msg: string): void };
}

/** A link to an auth screen of the SPA, e.g. `accountLink(s, 'activate/<token>')`. */
export const accountLink = (s: Pick<AccountServices, 'appUrl'>, path: string) => `${s.appUrl}/#/auth/${path}`;

/** Send a mail; a failure is logged (with recipient and subject) and swallowed. */
export async function sendAccountMail(s: Pick<AccountServices, 'mailer' | 'log'>, message: MailMessage): Promise<void> {
  try {
    await s.mailer.send(message);
  } catch (err) {
    s.log.error({ err, to: message.to, subject: message.subject }, 'mail not sent; the link can be requested again');
  }
}
