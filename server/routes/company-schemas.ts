/**
 * The schemas a request is validated, listed and exported with: its company's (the deployment's
 * registry with the company's layers, DESIGN.md §13), never another company's.
 * @example await createResource(def, ctx, await schemasOf(app, request), request.body);
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../plugins/auth.ts';
import type { CompanyRegistry } from '../domain/screens/company-schemas.ts';

export function schemasOf(app: Pick<FastifyInstance, 'companySchemas'>, request: Pick<FastifyRequest, 'user'>): Promise<CompanyRegistry> {
  return app.companySchemas.registryFor(currentUser(request).companyId);
}
