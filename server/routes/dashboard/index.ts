/** GET /api/dashboard?from&to: the signed-in company's figures (company from the token). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { companyDashboard } from '../../domain/dashboard/company-dashboard.ts';
import { AppError } from '../../errors.ts';
import { dashboardOut } from './dashboard-schema.ts';

export async function dashboardRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/dashboard',
    {
      preHandler: requirePermission('dashboard', 'read'),
      schema: { summary: 'Tablero: ventas, IVA, estados, series y pendientes de la empresa', 
        querystring: { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } },
        response: { 200: dashboardOut },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      if (from && to && from > to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
      const user = currentUser(request);
      return companyDashboard(deps.db, { companyId: user.companyId, scope: user.emissionScope, now: deps.clock(), from, to });
    },
  );
}
