/** GET/PUT /api/admin/company: the caller's company (never another's: the id comes from the token). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { getCompanyProfile, updateCompanyProfile } from '../../domain/admin/company-profile.ts';
import { typed } from '../../http/typed.ts';

const optionalText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export const companyOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    ruc: { type: 'string' },
    razonSocial: { type: 'string' },
    nombreComercial: { type: 'string' },
    email: { type: 'string' },
    dirMatriz: { type: 'string' },
    telefono: { type: 'string' },
    status: { type: 'string' },
    obligadoContabilidad: { type: 'boolean' },
    contribuyenteEspecial: { type: 'string' },
    contribuyenteRimpe: { type: 'string' },
    agenteRetencion: { type: 'string' },
    ambiente: { type: 'string' },
    facturaVersion: { type: 'string' },
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
} as const;

export async function companyRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  app.get('/api/admin/company', { preHandler: requirePermission('company', 'read'), schema: { summary: 'Obtener la empresa de la sesión (datos, configuración del SRI, firma)', response: { 200: companyOut } } }, async (request) =>
    getCompanyProfile(deps.db, { companyId: currentUser(request).companyId, now: deps.clock() }),
  );
  app.put(
    '/api/admin/company',
    {
      preHandler: requirePermission('company', 'update'),
      schema: { summary: 'Modificar la empresa de la sesión',
        body: {
          type: 'object',
          required: ['razonSocial', 'email', 'dirMatriz'],
          properties: {
            razonSocial: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
            nombreComercial: optionalText(300),
            email: { type: 'string', format: 'email', maxLength: 254 },
            dirMatriz: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
            telefono: optionalText(30),
            obligadoContabilidad: { type: 'boolean' },
            contribuyenteEspecial: { type: ['string', 'null'], pattern: '^(\\d{3,13})?$' },
            contribuyenteRimpe: {
              type: ['string', 'null'],
              enum: ['', null, 'CONTRIBUYENTE RÉGIMEN RIMPE', 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE'],
            },
            agenteRetencion: { type: ['string', 'null'], pattern: '^(\\d{1,8})?$' },
            ambiente: { type: 'string', enum: ['1', '2'] },
            facturaVersion: { type: 'string', enum: ['1.0.0', '1.1.0', '2.0.0', '2.1.0'] },
          },
        },
        response: { 200: companyOut },
      },
    },
    async (request) => updateCompanyProfile(deps.db, { companyId: currentUser(request).companyId, input: request.body, now: deps.clock() }),
  );
}
