/**
 * Public auth routes (spec §7, DESIGN.md §4; plus PUT /auth/confirm-email/{token}), rate limited. Thin: validate, call the domain, answer.
 * Mails go out after the database commit; a mail failure is logged and never fails the request.
 * Forgot-password and resend-activation answer at once and do their lookup and mailing after the
 * reply (app.background), so the answer's timing does not tell whether an account exists.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { mailActivationReminders, signUpCompany } from '../../domain/auth/register-company.ts';
import { activateAccount, pendingActivation } from '../../domain/auth/activate-account.ts';
import { signIn } from '../../domain/auth/login.ts';
import { mailPasswordReset, resetPassword } from '../../domain/auth/reset-password.ts';
import { currentUserSchema } from '../../domain/auth/current-user.ts';
import type { AccountServices } from '../../domain/auth/account-services.ts';
import { typed } from '../../http/typed.ts';
import { REGISTRATION_RUC, REGISTRATION_RUC_CONFIRMED, registrationSchema } from '../../../core/registration-form.ts';
import { companySchema } from '../../schemas/generated/company-schema.ts';
import { userSchema } from '../../schemas/generated/user-schema.ts';
import { messageOut } from '../../http/route-schemas.ts';
import { confirmEmailAndKeepSession } from '../../domain/auth/confirm-email-session.ts';
import { completeSecondFactorLogin, setUpSecondFactorAtLogin } from '../../domain/account-security/second-factor-login.ts';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const password = { type: 'string', minLength: 8, maxLength: 200 } as const;
const credentials = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email, password: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
/**
 * A login's answer: the session (`token`, `result`) or, with a second factor (DESIGN.md §15), its
 * first step only (`mfaRequired`, `ticket`; `mfaSetupRequired` when the user must enrol first).
 */
const loginResponse = {
  type: 'object',
  properties: {
    token: { type: 'string', description: 'Token de sesión (Authorization: Bearer)' },
    result: currentUserSchema,
    mfaRequired: { type: 'boolean', description: 'true: falta el segundo paso (PUT /auth/login/mfa con el ticket y un código); no hay token todavía' },
    mfaSetupRequired: { type: 'boolean', description: 'true: la empresa exige un segundo factor que el usuario aún no configuró (POST /auth/login/mfa/setup con el ticket)' },
    ticket: { type: 'string', description: 'Ticket del segundo paso; vence en 5 minutos' },
  },
} as const;
const ticket = { type: 'string', minLength: 20, maxLength: 2000, pattern: '^[A-Za-z0-9_.-]+$', description: 'El ticket que devolvió PUT /auth/login' } as const;
/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const secondFactorCode = { type: 'string', minLength: 6, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$', description: 'Código de 6 dígitos de la aplicación de autenticación, o un código de recuperación' } as const;
export const secondFactorSetupOut = {
  type: 'object',
  properties: {
    secret: { type: 'string', description: 'Secreto TOTP en base32 (para escribirlo a mano en la aplicación)' },
    otpauthUrl: { type: 'string', description: 'URL otpauth:// que el código QR contiene' },
  },
} as const;
export const recoveryCodesOut = { type: 'array', items: { type: 'string' }, description: '10 códigos de recuperación de un solo uso; solo se muestran ahora' } as const;
const companyParam = { type: 'object', required: ['company'], properties: { company: { type: 'string', format: 'uuid' } } } as const;

export async function authRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const rateLimit = { rateLimit: { max: deps.config.authRateLimit ?? 30, timeWindow: '1 minute' } };
  const services: AccountServices = { db: deps.db, mailer: deps.mailer, jwt: deps.jwt, roleCache: deps.roleCache, appUrl: deps.config.appUrl, log: app.log };
  const secondStep = { ...services, secretBox: deps.secretBox };

  app.post(
    '/auth/register',
    {
      config: rateLimit,
      schema: { summary: 'Registrar una empresa y su primer usuario (SUPERADMIN)',
        // The fields are the company and user form schemas' `x-registration` ones (core/registration-form.ts), as the SPA's page shows them.
        body: registrationSchema(companySchema, userSchema),
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
      const { company, warnings } = await signUpCompany(services, request.body, deps.clock());
      return reply.status(201).send({ message: 'Empresa registrada. Revise su correo para activar la cuenta.', company, warnings });
    },
  );

  app.post(
    '/auth/resend-activation',
    { config: rateLimit, schema: { summary: 'Enviar de nuevo el enlace de activación', body: { type: 'object', required: ['email'], properties: { email } }, response: { 200: messageOut } } },
    async (request) => {
      const now = deps.clock();
      app.background.run('activation mail', () => mailActivationReminders(services, { email: request.body.email }, now));
      return { message: 'Si la cuenta existe y no está activada, enviamos un nuevo enlace de activación.' };
    },
  );

  const tokenParam = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 } } } as const;
  app.get(
    '/auth/activate-account/:token',
    {
      config: rateLimit,
      schema: {
        summary: 'Ver qué activa el enlace del correo (sin usarlo)',
        description: 'La empresa y su RUC; rucWarning cuando el dígito verificador del RUC no sigue el algoritmo del SRI (la página ofrece corregirlo antes de activar).',
        params: tokenParam,
        response: { 200: { type: 'object', properties: { razonSocial: { type: 'string' }, ruc: { type: 'string' }, rucWarning: { type: ['string', 'null'] } } } },
      },
    },
    async (request) => pendingActivation(deps.db, { token: request.params.token }, deps.clock()),
  );

  app.put(
    '/auth/activate-account/:token',
    {
      config: rateLimit,
      schema: { summary: 'Activar la cuenta con el enlace del correo',
        description: 'Con `ruc`, corrige antes el RUC de la empresa (solo mientras no está activa), con las reglas del registro (`rucConfirmado` para un dígito verificador que no sigue el algoritmo).',
        params: tokenParam,
        body: { type: ['object', 'null'], additionalProperties: false, properties: { ruc: REGISTRATION_RUC, rucConfirmado: REGISTRATION_RUC_CONFIRMED } },
        response: { 200: messageOut },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      await activateAccount(deps.db, { token: request.params.token, ruc: body.ruc, rucConfirmado: body.rucConfirmado }, deps.clock());
      return { message: 'Cuenta activada. Ya puede iniciar sesión.' };
    },
  );

  app.put(
    '/auth/confirm-email/:token',
    {
      config: rateLimit,
      schema: {
        summary: 'Confirmar el cambio de correo con el enlace enviado a la dirección nueva',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 } } },
        response: { 200: { type: 'object', required: ['message', 'email'], properties: { message: { type: 'string' }, email: { type: 'string' }, token: { type: 'string' }, result: currentUserSchema } } },
      },
    },
    async (request) =>
      confirmEmailAndKeepSession(services, { token: request.params.token, bearer: /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1], now: deps.clock() }),
  );

  app.put('/auth/login', { config: rateLimit, schema: { summary: 'Iniciar sesión (devuelve el token de sesión, o el ticket del segundo factor)', body: credentials, response: { 200: loginResponse } } }, async (request) =>
    signIn(services, request.body),
  );

  app.put(
    '/auth/login/mfa',
    {
      config: rateLimit,
      schema: {
        summary: 'Segundo paso del inicio de sesión: código TOTP o de recuperación',
        description: 'Con el ticket de PUT /auth/login. Responde como el inicio de sesión (token y usuario); si el ticket era para configurar el segundo factor, también los códigos de recuperación. Un código incorrecto responde 401; 10 seguidos bloquean el segundo factor 15 minutos (429).',
        body: { type: 'object', required: ['ticket', 'code'], additionalProperties: false, properties: { ticket, code: secondFactorCode } },
        response: { 200: { type: 'object', properties: { ...loginResponse.properties, recoveryCodes: recoveryCodesOut } } },
      },
    },
    async (request) => completeSecondFactorLogin(secondStep, { ...request.body, now: deps.clock() }),
  );

  app.post(
    '/auth/login/mfa/setup',
    {
      config: rateLimit,
      schema: {
        summary: 'Configurar el segundo factor exigido por la empresa, durante el inicio de sesión',
        description: 'Con un ticket de PUT /auth/login que trae mfaSetupRequired: devuelve el secreto y su URL otpauth (código QR); luego PUT /auth/login/mfa con un código de la aplicación.',
        body: { type: 'object', required: ['ticket'], additionalProperties: false, properties: { ticket } },
        response: { 200: secondFactorSetupOut },
      },
    },
    async (request) => setUpSecondFactorAtLogin(secondStep, request.body),
  );

  app.put(
    '/auth/company/:company/login',
    { config: rateLimit, schema: { summary: 'Iniciar sesión en una empresa concreta', params: companyParam, body: credentials, response: { 200: loginResponse } } },
    async (request) => signIn(services, { ...request.body, companyId: request.params.company }),
  );

  const forgot = (email: string, companyId?: string) => {
    const now = deps.clock();
    app.background.run('password reset mail', () => mailPasswordReset(services, { email, companyId }, now));
    return { message: 'Si el correo está registrado, enviamos un enlace para restablecer la contraseña.' };
  };
  const forgotBody = { type: 'object', required: ['email'], properties: { email } } as const;
  app.post('/auth/forgot-password', { config: rateLimit, schema: { summary: 'Pedir un enlace para restablecer la contraseña', body: forgotBody, response: { 200: messageOut } } }, async (request) =>
    forgot(request.body.email),
  );
  app.post(
    '/auth/company/:company/forgot-password',
    { config: rateLimit, schema: { summary: 'Pedir un enlace para restablecer la contraseña en una empresa concreta', params: companyParam, body: forgotBody, response: { 200: messageOut } } },
    async (request) => forgot(request.body.email, request.params.company),
  );

  app.put(
    '/auth/reset-password',
    {
      config: rateLimit,
      schema: { summary: 'Elegir una contraseña nueva con el enlace del correo',
        body: { type: 'object', required: ['token', 'password'], properties: { token: { type: 'string', minLength: 10, maxLength: 200 }, password } },
        response: { 200: messageOut },
      },
    },
    async (request) => {
      await resetPassword(deps.db, request.body, deps.clock());
      return { message: 'Contraseña actualizada. Ya puede iniciar sesión.' };
    },
  );
}
