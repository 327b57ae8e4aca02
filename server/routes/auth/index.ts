/**
 * Public auth routes (spec §7, DESIGN.md §4; plus PUT /auth/confirm-email/{token}), rate limited. Thin: validate, call the domain, answer.
 * Mails go out after the database commit; a mail failure is logged and never fails the request.
 * Forgot-password and resend-activation answer at once and do their lookup and mailing after the
 * reply (app.background), so the answer's timing does not tell whether an account exists.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { registerCompany, resendActivation } from '../../domain/auth/register-company.ts';
import { activateAccount } from '../../domain/auth/activate-account.ts';
import { authenticate } from '../../domain/auth/login.ts';
import { requestPasswordReset, resetPassword } from '../../domain/auth/reset-password.ts';
import { currentUserSchema, toCurrentUser } from '../../domain/auth/current-user.ts';
import { activationMail, emailChangedNoticeMail, resetPasswordMail } from '../../mail/templates.ts';
import { confirmEmailChange, type EmailChanged } from '../../domain/users/change-email.ts';
import { findCompany, findUser } from '../../db/repositories/users.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const password = { type: 'string', minLength: 8, maxLength: 200 } as const;
const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const credentials = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email, password: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const messageResponse = { type: 'object', properties: { message: { type: 'string' } } } as const;
const loginResponse = { type: 'object', properties: { token: { type: 'string' }, result: currentUserSchema } } as const;
const companyParam = { type: 'object', required: ['company'], properties: { company: { type: 'string', format: 'uuid' } } } as const;

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const rateLimit = { rateLimit: { max: deps.config.authRateLimit ?? 30, timeWindow: '1 minute' } };
  const sendSafely = async (message: MailMessage) => {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      app.log.error({ err, to: message.to, subject: message.subject }, 'mail not sent; the link can be requested again');
    }
  };
  const link = (path: string) => `${deps.config.appUrl}/#/auth/${path}`;

  app.post(
    '/auth/register',
    {
      config: rateLimit,
      schema: {
        body: {
          type: 'object',
          required: ['company', 'user'],
          additionalProperties: false,
          properties: {
            company: {
              type: 'object',
              required: ['ruc', 'razonSocial', 'email', 'dirMatriz'],
              additionalProperties: false,
              properties: {
                ruc: { type: 'string', pattern: '^\\d{13}$' },
                razonSocial: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
                nombreComercial: { type: 'string', maxLength: 300 },
                email,
                dirMatriz: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
                telefono: { type: 'string', maxLength: 30 },
              },
            },
            user: {
              type: 'object',
              required: ['firstName', 'lastName', 'email', 'password'],
              additionalProperties: false,
              properties: { firstName: name, lastName: name, email, password },
            },
          },
        },
        response: {
          201: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              company: { type: 'object', properties: { _id: { type: 'string' }, ruc: { type: 'string' }, razonSocial: { type: 'string' } } },
              warnings: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Parameters<typeof registerCompany>[1];
      const result = await registerCompany(deps.db, body, deps.clock());
      await sendSafely(
        activationMail({ to: body.user.email, firstName: body.user.firstName, razonSocial: result.company.razonSocial, link: link(`activate/${result.activationToken}`) }),
      );
      return reply.status(201).send({
        message: 'Empresa registrada. Revise su correo para activar la cuenta.',
        company: result.company,
        warnings: result.warnings,
      });
    },
  );

  app.post(
    '/auth/resend-activation',
    { config: rateLimit, schema: { body: { type: 'object', required: ['email'], properties: { email } }, response: { 200: messageResponse } } },
    async (request) => {
      const { email: to } = request.body as { email: string };
      const now = deps.clock();
      app.background.run('activation mail', async () => {
        for (const m of await resendActivation(deps.db, { email: to }, now)) {
          await sendSafely(activationMail({ to: m.to, firstName: m.firstName, razonSocial: m.razonSocial, link: link(`activate/${m.token}`) }));
        }
      });
      return { message: 'Si la cuenta existe y no está activada, enviamos un nuevo enlace de activación.' };
    },
  );

  app.put(
    '/auth/activate-account/:token',
    {
      config: rateLimit,
      schema: {
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 } } },
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { token } = request.params as { token: string };
      await activateAccount(deps.db, { token }, deps.clock());
      return { message: 'Cuenta activada. Ya puede iniciar sesión.' };
    },
  );

  /**
   * The browser that opened the link may still hold a session of this very user (issued before the
   * change): it gets a fresh token and user so it stays signed in. Any other caller gets only the
   * message. The old token itself is refused from now on (token version bumped).
   */
  const sessionAfterEmailChange = async (authorization: string | undefined, changed: EmailChanged) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const claims = bearer ? await deps.jwt.verify(bearer) : null;
    if (!claims || claims.sub !== changed.userId || claims.cid !== changed.companyId || claims.tv !== changed.previousTokenVersion) return {};
    const [user, company] = await Promise.all([findUser(deps.db, { companyId: changed.companyId, id: changed.userId }), findCompany(deps.db, { companyId: changed.companyId })]);
    if (!user || !company || !user.active) return {};
    const token = await deps.jwt.sign({ sub: user.id, cid: company.id, tv: user.tokenVersion });
    return { token, result: toCurrentUser(user, company, await deps.roleCache.permissionsOf(user.role)) };
  };

  app.put(
    '/auth/confirm-email/:token',
    {
      config: rateLimit,
      schema: {
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 } } },
        response: { 200: { type: 'object', properties: { message: { type: 'string' }, email: { type: 'string' }, token: { type: 'string' }, result: currentUserSchema } } },
      },
    },
    async (request) => {
      const changed = await confirmEmailChange(deps.db, { token: (request.params as { token: string }).token, now: deps.clock() });
      await sendSafely(emailChangedNoticeMail({ to: changed.oldEmail, firstName: changed.firstName, razonSocial: changed.razonSocial, newEmail: changed.newEmail }));
      return {
        message: `Correo confirmado: desde ahora inicia sesión con ${changed.newEmail}.`,
        email: changed.newEmail,
        ...(await sessionAfterEmailChange(request.headers.authorization, changed)),
      };
    },
  );

  const login = async (body: { email: string; password: string }, companyId?: string) => {
    const { user, company } = await authenticate(deps.db, { ...body, companyId });
    const token = await deps.jwt.sign({ sub: user.id, cid: company.id, tv: user.tokenVersion });
    return { token, result: toCurrentUser(user, company, await deps.roleCache.permissionsOf(user.role)) };
  };

  app.put('/auth/login', { config: rateLimit, schema: { body: credentials, response: { 200: loginResponse } } }, async (request) =>
    login(request.body as { email: string; password: string }),
  );

  app.put(
    '/auth/company/:company/login',
    { config: rateLimit, schema: { params: companyParam, body: credentials, response: { 200: loginResponse } } },
    async (request) => login(request.body as { email: string; password: string }, (request.params as { company: string }).company),
  );

  const forgot = async (to: string, companyId?: string) => {
    const now = deps.clock();
    app.background.run('password reset mail', async () => {
      for (const m of await requestPasswordReset(deps.db, { email: to, companyId }, now)) {
        await sendSafely(resetPasswordMail({ to: m.to, firstName: m.firstName, razonSocial: m.razonSocial, link: link(`reset-password/${m.token}`) }));
      }
    });
    return { message: 'Si el correo está registrado, enviamos un enlace para restablecer la contraseña.' };
  };
  const forgotBody = { type: 'object', required: ['email'], properties: { email } } as const;
  app.post('/auth/forgot-password', { config: rateLimit, schema: { body: forgotBody, response: { 200: messageResponse } } }, async (request) =>
    forgot((request.body as { email: string }).email),
  );
  app.post(
    '/auth/company/:company/forgot-password',
    { config: rateLimit, schema: { params: companyParam, body: forgotBody, response: { 200: messageResponse } } },
    async (request) => forgot((request.body as { email: string }).email, (request.params as { company: string }).company),
  );

  app.put(
    '/auth/reset-password',
    {
      config: rateLimit,
      schema: {
        body: { type: 'object', required: ['token', 'password'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 }, password } },
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await resetPassword(deps.db, request.body as { token: string; password: string }, deps.clock());
      return { message: 'Contraseña actualizada. Ya puede iniciar sesión.' };
    },
  );
}
