/**
 * Users of the caller's company (spec §7 "Users"). Listing and managing others needs the `user`
 * permission; anyone may read their profile, rename themselves, change their password and ask for
 * a new e-mail (PUT /api/user/{_id} with `currentPassword`: the address changes when the link mailed
 * to it is used, PUT /auth/confirm-email/{token}; the answer carries `pendingEmail`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { currentUser, requirePermission, requireSession } from '../../plugins/auth.ts';
import { listQuerySchema, type ListQuery } from '../../http/list-query.ts';
import { currentUserSchema } from '../../domain/auth/current-user.ts';
import { changePassword, createUser, deleteUser, getProfile, getUser, listUsers, updateUser, type UserInput } from '../../domain/users/manage-users.ts';
import { emailChangeMail, invitationMail } from '../../mail/templates.ts';
import { AppError } from '../../errors.ts';
import { emissionScopeSchema } from '../../domain/users/emission-scope.ts';

const userOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    role: { type: 'string' },
    active: { type: 'boolean' },
    isStaff: { type: 'boolean' },
    emissionPoints: { type: 'array', items: { type: 'object', properties: { estab: { type: 'string' }, ptoEmi: { type: 'string' } } } },
    createdAt: { type: 'string' },
    /** Only in the answer to a change of one's own e-mail: the address waiting for confirmation. */
    pendingEmail: { type: 'string' },
  },
} as const;
const idParam = { type: 'object', required: ['_id'], properties: { _id: { type: 'string', format: 'uuid' } } } as const;
const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const userBody = (requirePassword: boolean) =>
  ({
    type: 'object',
    required: ['email', 'firstName', 'lastName', 'role'],
    additionalProperties: false,
    properties: {
      _id: { type: 'string' },
      email: { type: 'string', format: 'email', maxLength: 254 },
      firstName: name,
      lastName: name,
      role: { type: 'string', enum: ['SUPERADMIN', 'ADMIN', 'EMISOR', 'CONTADOR'] },
      active: { type: 'boolean' },
      password: requirePassword ? { type: 'string', minLength: 8, maxLength: 200 } : { type: 'string', maxLength: 200 },
      /** Required when the caller changes their own e-mail. */
      currentPassword: { type: 'string', maxLength: 200 },
      emissionPoints: emissionScopeSchema,
      // Read-only fields of the user as read; accepted and ignored so a client can send it back.
      isStaff: { type: 'boolean' },
      createdAt: { type: 'string' },
      pendingEmail: { type: 'string' },
    },
  }) as const;

export async function userRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/api/user',
    { preHandler: requirePermission('user', 'read'), schema: { querystring: listQuerySchema, response: { 200: { type: 'array', items: userOut } } } },
    async (request, reply) => {
      const { items, total } = await listUsers(deps.db, { companyId: currentUser(request).companyId, query: request.query as ListQuery });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get('/api/user/profile-info', { preHandler: requireSession, schema: { response: { 200: currentUserSchema } } }, async (request) =>
    getProfile(deps.db, { user: currentUser(request) }),
  );

  app.put(
    '/api/user/password',
    {
      preHandler: requireSession,
      schema: {
        body: {
          type: 'object',
          required: ['password'],
          properties: { currentPassword: { type: 'string', maxLength: 200 }, password: { type: 'string', minLength: 8, maxLength: 200 } },
        },
        response: { 200: { type: 'object', properties: { message: { type: 'string' }, token: { type: 'string' } } } },
      },
    },
    async (request) => {
      const body = request.body as { currentPassword?: string; password: string };
      const user = currentUser(request);
      const tokenVersion = await changePassword(deps.db, { companyId: user.companyId, userId: user.id, ...body });
      // Older sessions are revoked; this one gets a fresh token so the user stays signed in here.
      const token = await deps.jwt.sign({ sub: user.id, cid: user.companyId, tv: tokenVersion });
      return { message: 'Contraseña actualizada', token };
    },
  );

  app.post(
    '/api/user',
    { preHandler: requirePermission('user', 'create'), schema: { body: userBody(false), response: { 201: userOut } } },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await createUser(deps.db, { companyId: user.companyId, actor: user, input: request.body as UserInput, now: deps.clock() });
      if (created.invitation) {
        try {
          await deps.mailer.send(invitationMail({ ...created.invitation, link: `${deps.config.appUrl}/#/auth/reset-password/${created.invitation.token}` }));
        } catch (err) {
          request.log.error({ err }, 'invitation mail not sent');
        }
      }
      return reply.status(201).send(created.user);
    },
  );

  app.get('/api/user/:_id', { preHandler: requirePermission('user', 'read'), schema: { params: idParam, response: { 200: userOut } } }, async (request) =>
    getUser(deps.db, { companyId: currentUser(request).companyId, id: (request.params as { _id: string })._id }),
  );

  app.put('/api/user/:_id', { schema: { params: idParam, body: userBody(false), response: { 200: userOut } } }, async (request) => {
    const user = currentUser(request);
    const updated = await updateUser(deps.db, { companyId: user.companyId, actor: user, id: (request.params as { _id: string })._id, input: request.body as UserInput, now: deps.clock() });
    if (!updated.emailChange) return updated.user;
    const { to, firstName, razonSocial, token } = updated.emailChange;
    try {
      await deps.mailer.send(emailChangeMail({ to, firstName, razonSocial, link: `${deps.config.appUrl}/#/auth/confirm-email/${token}` }));
    } catch (err) {
      // Without this mail the change cannot be confirmed: the caller must hear of it and retry.
      request.log.error({ err }, 'e-mail change link not sent');
      throw new AppError('MAIL_UNAVAILABLE', 'Se guardaron sus datos, pero no se pudo enviar el enlace de confirmación al nuevo correo; vuelva a intentarlo', { status: 503 });
    }
    return { ...updated.user, pendingEmail: to };
  });

  app.delete('/api/user/:_id', { preHandler: requirePermission('user', 'delete'), schema: { params: idParam } }, async (request, reply) => {
    const user = currentUser(request);
    await deleteUser(deps.db, { companyId: user.companyId, actor: user, id: (request.params as { _id: string })._id });
    return reply.status(204).send();
  });
}
