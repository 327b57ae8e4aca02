/**
 * Users of the caller's company (spec §7 "Users"). Listing and managing others needs the `user`
 * permission; anyone may read their profile, rename themselves, change their password and ask for
 * a new e-mail (PUT /api/user/{_id} with `currentPassword`: the address changes when the link mailed
 * to it is used, PUT /auth/confirm-email/{token}; the answer carries `pendingEmail`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission, requireSession } from '../../plugins/auth.ts';
import { listQuerySchema } from '../../domain/list-query.ts';
import { currentUserSchema } from '../../domain/auth/current-user.ts';
import { deleteUser, getProfile, getUser, listUsers, updateUser } from '../../domain/users/manage-users.ts';
import { addUser } from '../../domain/users/add-user.ts';
import { changeOwnPassword } from '../../domain/users/change-own-password.ts';
import type { AccountServices } from '../../domain/auth/account-services.ts';
import { typed } from '../../http/typed.ts';
import { idParam, noContent } from '../../http/route-schemas.ts';
import { editUser } from '../../domain/users/edit-user.ts';
import { emissionScopeSchema } from '../../domain/users/emission-scope.ts';
import { formBody, blankOptionalsOmitted } from '../../http/form-body.ts';
import { userSchema } from '../../schemas/generated/user-schema.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';

const { _id, email, firstName, lastName, role, isStaff } = currentUserSchema.properties;
/** A user as listed and read: who they are (as in CurrentUser) plus how they are managed. */
const userOut = {
  type: 'object',
  properties: {
    _id, email, firstName, lastName, role, isStaff,
    active: { type: 'boolean' },
    emissionPoints: emissionScopeSchema,
    mfaEnabled: { type: 'boolean', description: 'Ingresa con segundo factor (TOTP)' },
    createdAt: { type: 'string' },
    /** Only in the answer to a change of one's own e-mail: the address waiting for confirmation. */
    pendingEmail: { type: 'string' },
  },
} as const;
/**
 * POST and PUT body: the user form's schema (src/schemas/user) plus what only the API takes; an empty
 * or missing password on POST sends an invitation instead (blank optional fields count as not sent).
 */
const userBody = formBody(userSchema, {
  additionalProperties: false,
  extra: {
    /** Required when the caller changes their own e-mail. */
    currentPassword: { type: 'string', maxLength: 200 },
    // Read-only fields of the user as read; accepted and ignored so a client can send it back.
    isStaff: { type: 'boolean' },
    mfaEnabled: { type: 'boolean' },
    createdAt: { type: 'string' },
    pendingEmail: { type: 'string' },
  },
});
const omitBlankOptionals = blankOptionalsOmitted(userSchema);

export async function userRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const services: AccountServices = { db: deps.db, mailer: deps.mailer, jwt: deps.jwt, roleCache: deps.roleCache, appUrl: deps.config.appUrl, log: app.log };
  app.get(
    '/api/user',
    { preHandler: requirePermission('user', 'read'), schema: { summary: 'Listar los usuarios de la empresa', querystring: listQuerySchema, response: { 200: { type: 'array', items: userOut } } } },
    async (request, reply) => {
      const { items, total } = await listUsers(deps.db, { companyId: currentUser(request).companyId, query: request.query });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get('/api/user/profile-info', { preHandler: requireSession, schema: { summary: 'Usuario de la sesión (perfil y permisos)', response: { 200: currentUserSchema } } }, async (request) =>
    getProfile(deps.db, { user: currentUser(request) }),
  );

  app.put(
    '/api/user/password',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Cambiar la contraseña propia (devuelve un token nuevo)',
        body: {
          type: 'object',
          required: ['password'],
          properties: { currentPassword: { type: 'string', maxLength: 200 }, password: { type: 'string', minLength: 8, maxLength: 200 } },
        },
        response: { 200: { type: 'object', properties: { message: { type: 'string' }, token: { type: 'string' } } } },
      },
    },
    async (request) => {
      const { token } = await changeOwnPassword(services, { user: currentUser(request), ...request.body });
      return { message: 'Contraseña actualizada', token };
    },
  );

  await secondFactorRoutes(fastify, deps, userOut);

  app.post(
    '/api/user',
    { preHandler: requirePermission('user', 'create'), preValidation: omitBlankOptionals, schema: { summary: 'Crear un usuario (sin contraseña: se le envía una invitación)', body: userBody, response: { 201: userOut } } },
    async (request, reply) => {
      const user = currentUser(request);
      return reply.status(201).send(await addUser(services, { companyId: user.companyId, actor: user, input: request.body, now: deps.clock() }));
    },
  );

  app.get('/api/user/:_id', { preHandler: requirePermission('user', 'read'), schema: { summary: 'Obtener un usuario', params: idParam, response: { 200: userOut } } }, async (request) =>
    getUser(deps.db, { companyId: currentUser(request).companyId, id: request.params._id }),
  );

  app.put('/api/user/:_id', { preValidation: omitBlankOptionals, schema: { summary: 'Modificar un usuario (o el perfil propio)', params: idParam, body: userBody, response: { 200: userOut } } }, async (request) => {
    const user = currentUser(request);
    return editUser(services, { companyId: user.companyId, actor: user, id: request.params._id, input: request.body, now: deps.clock() });
  });

  app.delete('/api/user/:_id', { preHandler: requirePermission('user', 'delete'), schema: { summary: 'Eliminar un usuario', params: idParam, response: { 204: noContent } } }, async (request, reply) => {
    const user = currentUser(request);
    await deleteUser(deps.db, { companyId: user.companyId, actor: user, id: request.params._id });
    return reply.status(204).send();
  });
}
