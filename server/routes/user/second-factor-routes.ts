/**
 * The second factor (TOTP, DESIGN.md §15) of the signed-in user, and an admin's reset of another's.
 * Every route needs a person's session: an API key can neither enrol nor reset (keys themselves
 * never ask for a second factor). A wrong code answers 400 here (a 401 would end the session in
 * the SPA); ten in a row lock the second factor for 15 minutes (429).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission, requireSession } from '../../plugins/auth.ts';
import { typed } from '../../http/typed.ts';
import { idParam, messageOut } from '../../http/route-schemas.ts';
import { setUpSecondFactor } from '../../domain/account-security/set-up-second-factor.ts';
import { enableSecondFactor } from '../../domain/account-security/enable-second-factor.ts';
import { disableSecondFactor } from '../../domain/account-security/disable-second-factor.ts';
import { resetSecondFactor } from '../../domain/account-security/reset-second-factor.ts';
import { listSecurityEvents } from '../../domain/account-security/security-events.ts';
import { getUser } from '../../domain/users/manage-users.ts';
import { can } from '../../auth/permissions.ts';
import { AppError } from '../../errors.ts';
import { recoveryCodesOut, secondFactorCode, secondFactorSetupOut } from '../auth/index.ts';

const TAGS = ['Usuarios'];
const codeBody = { type: 'object', required: ['code'], additionalProperties: false, properties: { code: secondFactorCode } } as const;
const securityEventOut = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['mfa_enabled', 'mfa_disabled', 'mfa_reset', 'mfa_locked', 'recovery_code_used'] },
    label: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    actor: { type: ['object', 'null'], properties: { _id: { type: 'string' }, email: { type: 'string' } } },
  },
} as const;

export async function secondFactorRoutes(fastify: FastifyInstance, deps: AppDeps, userOut: object): Promise<void> {
  const app = typed(fastify);
  const me = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { companyId: user.companyId, userId: user.id };
  };

  app.post(
    '/api/user/mfa/setup',
    {
      preHandler: requireSession,
      schema: { tags: TAGS, summary: 'Configurar el segundo factor (TOTP): secreto y URL para el código QR', description: 'El secreto queda pendiente hasta confirmarlo con POST /api/user/mfa/enable.', response: { 200: secondFactorSetupOut } },
    },
    async (request) => setUpSecondFactor(deps.db, deps.secretBox, me(request)),
  );

  app.post(
    '/api/user/mfa/enable',
    {
      preHandler: requireSession,
      schema: { tags: TAGS, summary: 'Activar el segundo factor con un código de la aplicación', description: 'Devuelve 10 códigos de recuperación de un solo uso; solo se muestran esta vez.', body: codeBody, response: { 200: { type: 'object', properties: { recoveryCodes: recoveryCodesOut } } } },
    },
    async (request) => enableSecondFactor(deps.db, deps.secretBox, { ...me(request), code: request.body.code, now: deps.clock(), wrongStatus: 400 }),
  );

  app.delete(
    '/api/user/mfa',
    {
      preHandler: requireSession,
      schema: { tags: TAGS, summary: 'Desactivar el segundo factor propio (con un código)', body: codeBody, response: { 200: messageOut } },
    },
    async (request) => {
      await disableSecondFactor(deps.db, deps.secretBox, { ...me(request), code: request.body.code, now: deps.clock() });
      return { message: 'Segundo factor desactivado' };
    },
  );

  app.delete(
    '/api/user/:_id/mfa',
    {
      preHandler: [requireSession, requirePermission('user', 'update')],
      schema: {
        tags: TAGS,
        summary: 'Restablecer el segundo factor de otro usuario (p. ej. perdió el teléfono)',
        description: 'Desactiva su segundo factor y cierra sus sesiones; queda registrado quién lo hizo. Si la empresa lo exige, el usuario configura uno nuevo al ingresar.',
        params: idParam,
        response: { 200: userOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await resetSecondFactor(deps.db, { companyId: user.companyId, actor: user, userId: request.params._id, now: deps.clock() });
      return getUser(deps.db, { companyId: user.companyId, id: request.params._id });
    },
  );

  app.get(
    '/api/user/:_id/security-events',
    { schema: { tags: TAGS, summary: 'Registro de seguridad de un usuario (segundo factor)', description: 'Del más reciente al más antiguo (hasta 100). Cada usuario ve el suyo; los administradores, el de todos.', params: idParam, response: { 200: { type: 'array', items: securityEventOut } } } },
    async (request) => {
      const user = currentUser(request);
      if (request.params._id !== user.id && !can(user, 'user', 'read')) throw new AppError('FORBIDDEN', `Su rol (${user.role}) no permite ver el registro de otros usuarios`);
      return listSecurityEvents(deps.db, { companyId: user.companyId, userId: request.params._id });
    },
  );
}
