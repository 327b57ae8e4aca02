/** GET/PUT /api/admin/company: the caller's company (never another's: the id comes from the token). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { getCompanyProfile, updateCompanyProfile } from '../../domain/admin/company-profile.ts';
import { typed } from '../../http/typed.ts';
import { blankOptionalsOmitted, formBody, formOut } from '../../http/form-body.ts';
import { companySchema } from '../../schemas/generated/company-schema.ts';

/**
 * PUT body: the company form's schema (src/schemas/company). Unknown and read-only fields (`ruc`, what
 * GET answered) pass and are ignored; an optional field sent as null or "" is cleared.
 */
const companyBody = formBody(companySchema);

/** GET/PUT answer: the company form's fields (src/schemas/company) and what only the server writes. */
export const companyOut = formOut(companySchema, {
  extra: {
    _id: { type: 'string' },
    status: { type: 'string' },
    hasLogo: { type: 'boolean' },
    certificate: {
      type: ['object', 'null'],
      properties: {
        subject: { type: 'string' },
        issuer: { type: 'string' },
        serialNumber: { type: 'string' },
        notBefore: { type: 'string' },
        notAfter: { type: 'string' },
        daysToExpiry: { type: 'integer' },
      },
    },
  },
});

export async function companyRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  app.get('/api/admin/company', { preHandler: requirePermission('company', 'read'), schema: { summary: 'Obtener la empresa de la sesión (datos, configuración del SRI, firma)', response: { 200: companyOut } } }, async (request) =>
    getCompanyProfile(deps.db, { companyId: currentUser(request).companyId, now: deps.clock() }),
  );
  app.put(
    '/api/admin/company',
    {
      preHandler: requirePermission('company', 'update'),
      preValidation: blankOptionalsOmitted(companySchema),
      schema: { summary: 'Modificar la empresa de la sesión',
        body: companyBody,
        response: { 200: companyOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return updateCompanyProfile(deps.db, { companyId: user.companyId, actorId: user.id, input: request.body, now: deps.clock() });
    },
  );
}
