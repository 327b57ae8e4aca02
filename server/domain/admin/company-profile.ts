/**
 * The caller's company profile, including its SRI e-invoicing settings and a summary of its signing
 * certificate (never the file nor its password). RUC cannot change: it is in every access key.
 * @throws AppError NOT_FOUND.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyCertificates } from '../../db/schema/index-tables.ts';
import { notFound } from '../../errors.ts';
import { requireSecondFactor } from '../account-security/require-second-factor.ts';

export interface CompanyInput {
  razonSocial: string;
  nombreComercial?: string | null;
  email: string;
  dirMatriz: string;
  telefono?: string | null;
  obligadoContabilidad?: boolean;
  contribuyenteEspecial?: string | null;
  contribuyenteRimpe?: string | null;
  agenteRetencion?: string | null;
  ambiente?: '1' | '2';
  facturaVersion?: string;
  /** ADMIN and SUPERADMIN must sign in with a second factor (DESIGN.md §15). */
  mfaRequired?: boolean;
}

const DAY_MS = 86_400_000;

export async function getCompanyProfile(db: Db, p: { companyId: string; now: Date }) {
  const [row] = await db.select().from(companies).where(eq(companies.id, p.companyId));
  if (!row) throw notFound('La empresa');
  const [cert] = await db.select().from(companyCertificates).where(eq(companyCertificates.companyId, p.companyId));
  return {
    _id: row.id,
    ruc: row.ruc,
    razonSocial: row.razonSocial,
    nombreComercial: row.nombreComercial ?? '',
    email: row.email,
    dirMatriz: row.dirMatriz,
    telefono: row.telefono ?? '',
    status: row.status,
    obligadoContabilidad: row.obligadoContabilidad,
    contribuyenteEspecial: row.contribuyenteEspecial ?? '',
    contribuyenteRimpe: row.contribuyenteRimpe ?? '',
    agenteRetencion: row.agenteRetencion ?? '',
    ambiente: row.ambiente as '1' | '2',
    facturaVersion: row.facturaVersion,
    mfaRequired: row.mfaRequired,
    hasLogo: Boolean(row.logo),
    certificate: cert
      ? {
          subject: cert.subject,
          issuer: cert.issuer,
          serialNumber: cert.serialNumber,
          notBefore: cert.notBefore.toISOString(),
          notAfter: cert.notAfter.toISOString(),
          daysToExpiry: Math.floor((cert.notAfter.getTime() - p.now.getTime()) / DAY_MS),
        }
      : null,
  };
}

/**
 * Saves the form. Turning "Exigir segundo factor" on needs the acting user's own second factor and
 * ends the sessions of the admins without one (require-second-factor.ts), in the same transaction.
 */
export async function updateCompanyProfile(db: Db, p: { companyId: string; actorId: string; input: CompanyInput; now: Date }) {
  const i = p.input;
  const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ mfaRequired: companies.mfaRequired }).from(companies).where(eq(companies.id, p.companyId)).for('update');
    if (!before) throw notFound('La empresa');
    if (i.mfaRequired === true && !before.mfaRequired) await requireSecondFactor(tx, { companyId: p.companyId, actorId: p.actorId, now: p.now });
    await tx
      .update(companies)
      .set({
        razonSocial: i.razonSocial.trim(),
        nombreComercial: blankToNull(i.nombreComercial),
        email: i.email.trim().toLowerCase(),
        dirMatriz: i.dirMatriz.trim(),
        telefono: blankToNull(i.telefono),
        ...(i.obligadoContabilidad !== undefined ? { obligadoContabilidad: i.obligadoContabilidad } : {}),
        contribuyenteEspecial: blankToNull(i.contribuyenteEspecial),
        contribuyenteRimpe: blankToNull(i.contribuyenteRimpe),
        agenteRetencion: blankToNull(i.agenteRetencion),
        ...(i.ambiente ? { ambiente: i.ambiente } : {}),
        ...(i.facturaVersion ? { facturaVersion: i.facturaVersion } : {}),
        ...(i.mfaRequired !== undefined ? { mfaRequired: i.mfaRequired } : {}),
        updatedAt: p.now,
      })
      .where(eq(companies.id, p.companyId));
  });
  return getCompanyProfile(db, { companyId: p.companyId, now: p.now });
}
