/** Admin API (spec §7 "Admin area"): menu, tables and catalogs, roles, company, locations, schemas. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { companyRoutes } from './company-routes.ts';
import { referenceRoutes } from './reference-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { screenRoutes } from './screen-routes.ts';

export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await referenceRoutes(app, deps);
  await catalogRoutes(app, deps);
  await companyRoutes(app, deps);
  await webhookRoutes(app, deps);
  await apiKeyRoutes(app, deps);
  await screenRoutes(app, deps);
}
