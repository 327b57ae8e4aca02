/**
 * A company's signing certificate (.p12/.pfx): stored encrypted at rest (AES-256-GCM, key from
 * DATA_DIR or EMITE_ENCRYPTION_KEY), its password too, never returned by the API. Parsing a .p12 is
 * slow (node-forge); `signingCredentialsFor` decrypts and hands it to loadSigningCredentials, which
 * caches by content, so each company's .p12 is parsed once and re-parsed only after a new upload.
 * @throws AppError VALIDATION (wrong password, no usable key, expired), NOT_FOUND / UNPROCESSABLE
 *   (no certificate uploaded).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCertificates } from '../../db/schema/index-tables.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { loadSigningCredentials, type SigningCredentials } from '../comprobantes/signing-credentials.ts';
import { AppError } from '../../errors.ts';
import { getCompanyProfile } from '../admin/company-profile.ts';
import { date } from '../../../core/display-format.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';

export async function saveCompanyCertificate(db: Db, box: SecretBox, p: { companyId: string; p12: Buffer; password: string; now: Date }) {
  let creds: SigningCredentials;
  try {
    creds = loadSigningCredentials(p.p12, p.password);
  } catch (err) {
    throw new AppError('VALIDATION', (err as Error).message, { details: [{ path: 'password', message: (err as Error).message }] });
  }
  if (creds.notAfter.getTime() < p.now.getTime()) {
    throw new AppError('VALIDATION', `El certificado expiró el ${date(guayaquilDate(creds.notAfter))}`, { details: [{ path: 'p12', message: 'certificado expirado' }] });
  }
  const row = {
    companyId: p.companyId,
    p12Encrypted: box.seal(p.p12),
    passwordEncrypted: box.seal(Buffer.from(p.password, 'utf8')),
    subject: creds.subject,
    issuer: creds.issuerName,
    serialNumber: creds.serialNumberDecimal,
    notBefore: creds.notBefore,
    notAfter: creds.notAfter,
    uploadedAt: p.now,
  };
  await db.insert(companyCertificates).values(row).onConflictDoUpdate({ target: companyCertificates.companyId, set: row });
}

export async function deleteCompanyCertificate(db: Db, p: { companyId: string }) {
  await db.delete(companyCertificates).where(eq(companyCertificates.companyId, p.companyId));
}

/** Empresa > Firma electrónica: store the uploaded .p12 (saveCompanyCertificate) and answer with the company profile. */
export async function uploadCompanyCertificate(db: Db, box: SecretBox, p: { companyId: string; p12: Buffer; password: string; now: Date }) {
  await saveCompanyCertificate(db, box, p);
  return getCompanyProfile(db, { companyId: p.companyId, now: p.now });
}

/** Remove the company's certificate (issuing stops until a new one is uploaded); answers with the company profile. */
export async function removeCompanyCertificate(db: Db, p: { companyId: string; now: Date }) {
  await deleteCompanyCertificate(db, p);
  return getCompanyProfile(db, { companyId: p.companyId, now: p.now });
}

/**
 * The company's parsed signing credentials (cached by content, see loadSigningCredentials).
 * @throws AppError UNPROCESSABLE when the company has no certificate.
 */
export async function signingCredentialsFor(db: Db, box: SecretBox, p: { companyId: string }): Promise<SigningCredentials> {
  const [row] = await db.select().from(companyCertificates).where(eq(companyCertificates.companyId, p.companyId));
  if (!row) throw new AppError('UNPROCESSABLE', 'La empresa no tiene un certificado de firma electrónica; súbalo en Empresa > Firma electrónica');
  return credentialsFromRow(box, row);
}

/** {@link signingCredentialsFor} for a certificate row the caller already read (issuing reads it with the draft). */
export function credentialsFromRow(box: SecretBox, row: Pick<typeof companyCertificates.$inferSelect, 'p12Encrypted' | 'passwordEncrypted'>): SigningCredentials {
  return loadSigningCredentials(box.open(row.p12Encrypted), box.open(row.passwordEncrypted).toString('utf8'));
}
