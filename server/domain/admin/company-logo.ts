/**
 * The company's logo (printed on the RIDE): a PNG or JPEG of at most 500 KB, stored in the company
 * row. Changing it answers with the updated company profile (getCompanyProfile).
 * @throws AppError VALIDATION (path `image`: not PNG/JPEG, over 500 KB), NOT_FOUND (no logo).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';
import { getCompanyProfile } from './company-profile.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_LOGO_BYTES = 500_000;

const isPng = (image: Buffer) => image.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (image: Buffer) => image[0] === 0xff && image[1] === 0xd8;

/** Replace the logo with `image` (raw bytes, PNG or JPEG ≤ 500 KB); returns the company profile. */
export async function saveCompanyLogo(db: Db, p: { companyId: string; image: Buffer; now: Date }) {
  if (!isPng(p.image) && !isJpeg(p.image)) {
    throw new AppError('VALIDATION', 'El logo debe ser una imagen PNG o JPEG', { details: [{ path: 'image', message: 'formato no admitido' }] });
  }
  if (p.image.length > MAX_LOGO_BYTES) {
    throw new AppError('VALIDATION', 'El logo no puede pesar más de 500 KB', { details: [{ path: 'image', message: 'demasiado grande' }] });
  }
  await db.update(companies).set({ logo: p.image, updatedAt: p.now }).where(eq(companies.id, p.companyId));
  return getCompanyProfile(db, { companyId: p.companyId, now: p.now });
}

/** Remove the logo (the RIDE prints none); returns the company profile. */
export async function deleteCompanyLogo(db: Db, p: { companyId: string; now: Date }) {
  await db.update(companies).set({ logo: null, updatedAt: p.now }).where(eq(companies.id, p.companyId));
  return getCompanyProfile(db, { companyId: p.companyId, now: p.now });
}

/** The stored logo bytes and their media type. @throws AppError NOT_FOUND when there is none. */
export async function getCompanyLogo(db: Db, p: { companyId: string }): Promise<{ image: Buffer; contentType: 'image/png' | 'image/jpeg' }> {
  const [row] = await db.select({ logo: companies.logo }).from(companies).where(eq(companies.id, p.companyId));
  if (!row?.logo) throw new AppError('NOT_FOUND', 'La empresa no tiene logo');
  return { image: row.logo, contentType: isPng(row.logo) ? 'image/png' : 'image/jpeg' };
}
