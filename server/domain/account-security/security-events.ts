/**
 * The audit trail of an account's security (table user_security_event): written in the same
 * transaction as the change it records, listed newest first for the user's admins and the user.
 * Kinds: mfa_enabled, mfa_disabled, mfa_reset (by an admin), mfa_locked (10 wrong codes),
 * recovery_code_used.
 * @throws AppError NOT_FOUND (list: not a user of this company).
 */
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { securityEvents, users } from '../../db/schema/index-tables.ts';
import { findUser } from '../../db/repositories/users.ts';
import { notFound } from '../../errors.ts';

export type SecurityEventKind = 'mfa_enabled' | 'mfa_disabled' | 'mfa_reset' | 'mfa_locked' | 'recovery_code_used';

/** Spanish labels, as the screens show them. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  mfa_enabled: 'Segundo factor activado',
  mfa_disabled: 'Segundo factor desactivado',
  mfa_reset: 'Segundo factor restablecido por un administrador',
  mfa_locked: 'Segundo factor bloqueado por códigos incorrectos',
  recovery_code_used: 'Código de recuperación usado',
};

export async function recordSecurityEvent(
  db: Db,
  p: { companyId: string; userId: string; actorId: string | null; kind: SecurityEventKind; at: Date; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(securityEvents).values({ companyId: p.companyId, userId: p.userId, actorId: p.actorId, kind: p.kind, at: p.at, detail: p.detail ?? {} });
}

/** The user's events, newest first (at most 100), each with its label and who acted. */
export async function listSecurityEvents(db: Db, p: { companyId: string; userId: string }) {
  if (!(await findUser(db, { companyId: p.companyId, id: p.userId }))) throw notFound('El usuario');
  const actor = alias(users, 'actor');
  const rows = await db
    .select({ id: securityEvents.id, kind: securityEvents.kind, at: securityEvents.at, actorId: securityEvents.actorId, actorEmail: actor.email })
    .from(securityEvents)
    .leftJoin(actor, and(eq(actor.companyId, securityEvents.companyId), eq(actor.id, securityEvents.actorId)))
    .where(and(eq(securityEvents.companyId, p.companyId), eq(securityEvents.userId, p.userId)))
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(100);
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind as SecurityEventKind,
    label: SECURITY_EVENT_LABELS[r.kind as SecurityEventKind] ?? r.kind,
    at: r.at.toISOString(),
    actor: r.actorId ? { _id: r.actorId, email: r.actorEmail ?? '' } : null,
  }));
}
