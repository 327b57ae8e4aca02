/**
 * `GET /api/dashboard/obligations`: the monthly declarations due next (104, 103, ATS) with their
 * dates, for the dashboard of every role that sees it (the dates are not a report: no 'report'
 * permission needed).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { companyObligations } from '../../domain/reports/next-obligations.ts';

const obligation = {
  type: 'object',
  required: ['code', 'label', 'period', 'dueDate', 'daysLeft'],
  properties: { code: { type: 'string', enum: ['FORM_104', 'FORM_103', 'ATS'] }, label: { type: 'string' }, period: { type: 'string' }, dueDate: { type: 'string' }, daysLeft: { type: 'integer' } },
} as const;

export async function obligationsRoute(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  typed(fastify).get(
    '/api/dashboard/obligations',
    {
      preHandler: requirePermission('dashboard', 'read'),
      schema: { summary: 'Próximas obligaciones del mes (104, 103, ATS) y su vencimiento según el noveno dígito del RUC', response: { 200: { type: 'object', required: ['today', 'obligations'], properties: { today: { type: 'string' }, obligations: { type: 'array', items: obligation } } } } },
    },
    async (request) => companyObligations(deps.db, { companyId: currentUser(request).companyId, now: deps.clock() }),
  );
}
