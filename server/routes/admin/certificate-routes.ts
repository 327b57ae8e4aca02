/** The company's signing certificate and logo: upload (base64 JSON), remove. Never returns secrets. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { removeCompanyCertificate, uploadCompanyCertificate } from '../../domain/certificates/company-certificate.ts';
import { deleteCompanyLogo, getCompanyLogo, saveCompanyLogo } from '../../domain/admin/company-logo.ts';
import { typed } from '../../http/typed.ts';
import { binaryOut } from '../../http/route-schemas.ts';
import { companyOut } from './company-routes.ts';

const base64 = { type: 'string', minLength: 4, maxLength: 1_400_000, pattern: '^[A-Za-z0-9+/=\\s]+$' } as const;
const logoOut = binaryOut('La imagen del logo', 'image/png', 'image/jpeg');

export async function certificateRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const guard = requirePermission('company', 'update');

  app.post(
    '/api/admin/company/certificate',
    {
      preHandler: guard,
      schema: {
        summary: 'Subir la firma electrónica (.p12 en base64 y su contraseña)',
        body: { type: 'object', required: ['p12', 'password'], properties: { p12: base64, password: { type: 'string', maxLength: 200 } } },
        response: { 200: companyOut },
      },
    },
    async (request) =>
      uploadCompanyCertificate(deps.db, deps.secretBox, {
        companyId: currentUser(request).companyId,
        p12: Buffer.from(request.body.p12, 'base64'),
        password: request.body.password,
        now: deps.clock(),
      }),
  );
  app.delete('/api/admin/company/certificate', { preHandler: guard, schema: { summary: 'Quitar la firma electrónica', response: { 200: companyOut } } }, async (request) =>
    removeCompanyCertificate(deps.db, { companyId: currentUser(request).companyId, now: deps.clock() }),
  );

  app.put(
    '/api/admin/company/logo',
    {
      preHandler: guard,
      schema: { summary: 'Cambiar el logo (PNG o JPEG en base64, máximo 500 KB)', body: { type: 'object', required: ['image'], properties: { image: base64 } }, response: { 200: companyOut } },
    },
    async (request) => saveCompanyLogo(deps.db, { companyId: currentUser(request).companyId, image: Buffer.from(request.body.image, 'base64'), now: deps.clock() }),
  );
  app.get('/api/admin/company/logo', { preHandler: requirePermission('company', 'read'), schema: { summary: 'Descargar el logo', response: { 200: logoOut } } }, async (request, reply) => {
    const logo = await getCompanyLogo(deps.db, { companyId: currentUser(request).companyId });
    return reply.type(logo.contentType).send(logo.image);
  });
  app.delete('/api/admin/company/logo', { preHandler: guard, schema: { summary: 'Quitar el logo', response: { 200: companyOut } } }, async (request) =>
    deleteCompanyLogo(deps.db, { companyId: currentUser(request).companyId, now: deps.clock() }),
  );
}
