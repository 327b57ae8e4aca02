/** The company's signing certificate and logo: upload (base64 JSON), remove. Never returns secrets. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { companies } from '../../db/schema/index-tables.ts';
import { deleteCompanyCertificate, saveCompanyCertificate } from '../../domain/certificates/company-certificate.ts';
import { getCompanyProfile } from '../../domain/admin/company-profile.ts';
import { AppError } from '../../errors.ts';
import { companyOut } from './company-routes.ts';

const base64 = { type: 'string', minLength: 4, maxLength: 1_400_000, pattern: '^[A-Za-z0-9+/=\\s]+$' } as const;

export async function certificateRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const guard = requirePermission('company', 'update');
  const profile = (companyId: string) => getCompanyProfile(deps.db, { companyId, now: deps.clock() });

  app.post(
    '/api/admin/company/certificate',
    { preHandler: guard, schema: { body: { type: 'object', required: ['p12', 'password'], properties: { p12: base64, password: { type: 'string', maxLength: 200 } } }, response: { 200: companyOut } } },
    async (request) => {
      const { p12, password } = request.body as { p12: string; password: string };
      const companyId = currentUser(request).companyId;
      await saveCompanyCertificate(deps.db, deps.secretBox, { companyId, p12: Buffer.from(p12, 'base64'), password, now: deps.clock() });
      return profile(companyId);
    },
  );
  app.delete('/api/admin/company/certificate', { preHandler: guard, schema: { response: { 200: companyOut } } }, async (request) => {
    const companyId = currentUser(request).companyId;
    await deleteCompanyCertificate(deps.db, { companyId });
    return profile(companyId);
  });

  app.put(
    '/api/admin/company/logo',
    { preHandler: guard, schema: { body: { type: 'object', required: ['image'], properties: { image: base64 } }, response: { 200: companyOut } } },
    async (request) => {
      const image = Buffer.from((request.body as { image: string }).image, 'base64');
      const png = image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const jpeg = image[0] === 0xff && image[1] === 0xd8;
      if (!png && !jpeg) throw new AppError('VALIDATION', 'El logo debe ser una imagen PNG o JPEG', { details: [{ path: 'image', message: 'formato no admitido' }] });
      if (image.length > 500_000) throw new AppError('VALIDATION', 'El logo no puede pesar más de 500 KB', { details: [{ path: 'image', message: 'demasiado grande' }] });
      const companyId = currentUser(request).companyId;
      await deps.db.update(companies).set({ logo: image, updatedAt: deps.clock() }).where(eq(companies.id, companyId));
      return profile(companyId);
    },
  );
  app.get('/api/admin/company/logo', { preHandler: requirePermission('company', 'read') }, async (request, reply) => {
    const [row] = await deps.db.select({ logo: companies.logo }).from(companies).where(eq(companies.id, currentUser(request).companyId));
    if (!row?.logo) throw new AppError('NOT_FOUND', 'La empresa no tiene logo');
    return reply.type(row.logo[0] === 0x89 ? 'image/png' : 'image/jpeg').send(row.logo);
  });
  app.delete('/api/admin/company/logo', { preHandler: guard, schema: { response: { 200: companyOut } } }, async (request) => {
    const companyId = currentUser(request).companyId;
    await deps.db.update(companies).set({ logo: null, updatedAt: deps.clock() }).where(eq(companies.id, companyId));
    return profile(companyId);
  });
}
