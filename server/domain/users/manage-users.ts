/**
 * Users of one company: list, read, create (with a password, or invited by mail), update, delete,
 * change own password. Every query is scoped by `companyId` from the authenticated request.
 * Guard rails: nobody changes their own role, status or emission points or deletes themselves,
 * only a SUPERADMIN grants or touches SUPERADMIN, and the last active SUPERADMIN stays.
 * E-mail: nobody changes another user's address (deactivate and invite instead); one's own goes
 * through change-email.ts (current password + a link to the new address). Changing another user's
 * role or status ends that user's sessions; a password change ends every older session.
 * @throws AppError NOT_FOUND, CONFLICT (e-mail taken, also when two requests race for it; self-delete,
 *   last superadmin), FORBIDDEN, VALIDATION.
 */
import { and, count, eq, ilike, or, asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index-tables.ts';
import { findCompany, findUser, insertAuthToken, type UserRow } from '../../db/repositories/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { AppError, notFound } from '../../errors.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { can, type AuthUser } from '../../auth/permissions.ts';
import { toCurrentUser, type CurrentUser } from '../auth/current-user.ts';
import { ACTIVATION_TTL_MS, newOneTimeToken } from '../../auth/one-time-token.ts';
import { emailInUse, emailTaken, emailUnique, normalizeEmail } from './user-email.ts';
import { assertCurrentPassword, issueEmailChangeLink, type EmailChangeRequest } from './change-email.ts';
import { checkScopePoints, type EmissionPoint } from './emission-scope.ts';
import { ROLE_NAMES, type Role } from '../../../core/roles.ts';

export interface UserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  active?: boolean;
  password?: string;
  /** Required with a change of one's own e-mail. */
  currentPassword?: string;
  /** Absent: unchanged (update) or unrestricted (create). */
  emissionPoints?: EmissionPoint[];
}

export type UserView = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  active: boolean;
  isStaff: boolean;
  emissionPoints: EmissionPoint[];
  /** The user signs in with a second factor (TOTP). */
  mfaEnabled: boolean;
  createdAt: string;
};

const toView = (u: UserRow): UserView => ({
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  active: u.active,
  isStaff: u.isStaff,
  emissionPoints: u.emissionPoints,
  mfaEnabled: Boolean(u.mfaEnabledAt),
  createdAt: u.createdAt.toISOString(),
});

const sortable = { email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, createdAt: users.createdAt, active: users.active };

export async function listUsers(db: Db, p: { companyId: string; query: ListQuery }): Promise<{ items: UserView[]; total: number }> {
  const conditions = [eq(users.companyId, p.companyId)];
  if (p.query.q) {
    const like = likePattern(p.query.q);
    conditions.push(or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like))!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(p.query);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...orderByFor(p.query.sort, sortable, [asc(users.lastName), asc(users.id)])).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toView), total: Number(total) };
}

export async function getUser(db: Db, p: { companyId: string; id: string }): Promise<UserView> {
  const row = await findUser(db, p);
  if (!row) throw notFound('El usuario');
  return toView(row);
}

export async function getProfile(db: Db, p: { user: AuthUser }): Promise<CurrentUser> {
  const [row, company] = await Promise.all([findUser(db, { companyId: p.user.companyId, id: p.user.id }), findCompany(db, { companyId: p.user.companyId })]);
  if (!row || !company) throw notFound('El usuario');
  return toCurrentUser(row, company, p.user.permissions);
}

/** Only a SUPERADMIN grants the SUPERADMIN role (to a user or an API key). @throws AppError FORBIDDEN */
export function assertMayAssign(actor: AuthUser, role: string) {
  if (role === 'SUPERADMIN' && actor.role !== 'SUPERADMIN') throw new AppError('FORBIDDEN', 'Solo un Superadministrador puede asignar el rol Superadministrador');
}

export async function createUser(db: Db, p: { companyId: string; actor: AuthUser; input: UserInput; now: Date }) {
  assertMayAssign(p.actor, p.input.role);
  const email = normalizeEmail(p.input.email);
  if (await emailInUse(db, { companyId: p.companyId, email })) throw emailTaken();
  const emissionPoints = await checkScopePoints(db, { companyId: p.companyId, scope: p.input.emissionPoints ?? [] });
  if (p.input.password && p.input.password.length < 8) {
    throw new AppError('VALIDATION', 'La contraseña debe tener al menos 8 caracteres', { details: [{ path: 'password', message: 'mínimo 8 caracteres' }] });
  }
  const withPassword = Boolean(p.input.password);
  const passwordHash = await hashPassword(p.input.password || newOneTimeToken().token);
  return onUniqueViolation(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: p.companyId,
          email,
          passwordHash,
          firstName: p.input.firstName.trim(),
          lastName: p.input.lastName.trim(),
          role: p.input.role,
          active: withPassword ? (p.input.active ?? true) : false,
          emissionPoints,
        })
        .returning();
      let invitation: { to: string; firstName: string; razonSocial: string; token: string } | undefined;
      if (!withPassword) {
        const { token, tokenHash } = newOneTimeToken();
        await insertAuthToken(tx, { companyId: p.companyId, userId: row.id, tokenHash, kind: 'reset', expiresAt: new Date(p.now.getTime() + ACTIVATION_TTL_MS) });
        const [company] = await tx.select({ razonSocial: companies.razonSocial }).from(companies).where(eq(companies.id, p.companyId));
        invitation = { to: row.email, firstName: row.firstName, razonSocial: company.razonSocial, token };
      }
      return { user: toView(row), invitation };
    }),
    emailUnique,
  );
}

async function activeSuperadmins(db: Db, companyId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'SUPERADMIN'), eq(users.active, true)));
  return Number(n);
}

/** An update's result: the user as stored, and the link to mail when the caller asked for a new e-mail. */
export interface UserUpdate {
  user: UserView;
  /** Set when the caller changed their own e-mail: nothing changed yet, the link goes to `to`. */
  emailChange?: EmailChangeRequest;
}

const sameScope = (a: EmissionPoint[], b: EmissionPoint[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Update a user (PUT /api/user/{_id}, the full user). The e-mail is never written here: one's own
 * new address needs `currentPassword` and is confirmed by a link (`emailChange` in the result);
 * another user's address cannot be changed (403).
 */
export async function updateUser(db: Db, p: { companyId: string; actor: AuthUser; id: string; input: UserInput; now: Date }): Promise<UserUpdate> {
  const existing = await findUser(db, { companyId: p.companyId, id: p.id });
  if (!existing) throw notFound('El usuario');
  const self = existing.id === p.actor.id;
  const email = normalizeEmail(p.input.email);
  const changesEmail = email !== existing.email;
  const changesAccess = p.input.role !== existing.role || (p.input.active ?? existing.active) !== existing.active;
  if (!self && !can(p.actor, 'user', 'update')) throw new AppError('FORBIDDEN', `Su rol (${ROLE_NAMES[p.actor.role as Role] ?? p.actor.role}) no permite modificar otros usuarios`);
  if (!self && changesEmail) {
    throw new AppError('FORBIDDEN', 'No puede cambiar el correo de otro usuario: cada persona cambia el suyo en Mi Perfil. Si la cuenta pasa a otra persona, desactívela e invite al nuevo correo.', {
      details: [{ path: 'email', message: 'solo el propio usuario puede cambiar su correo' }],
    });
  }
  if (self && p.input.role !== existing.role) throw new AppError('VALIDATION', 'No puede cambiar su propio rol', { details: [{ path: 'role', message: 'no puede cambiar su propio rol' }] });
  if (self && p.input.active === false) throw new AppError('VALIDATION', 'No puede desactivar su propia cuenta', { details: [{ path: 'active', message: 'no puede desactivarse' }] });
  let emissionPoints = existing.emissionPoints;
  if (p.input.emissionPoints !== undefined) {
    const wanted = await checkScopePoints(db, { companyId: p.companyId, scope: p.input.emissionPoints });
    if (self && !sameScope(wanted, existing.emissionPoints)) {
      throw new AppError('VALIDATION', 'No puede cambiar sus propios puntos de emisión', { details: [{ path: 'emissionPoints', message: 'no puede cambiar sus propios puntos de emisión' }] });
    }
    emissionPoints = wanted;
  }
  if (existing.role === 'SUPERADMIN' || p.input.role === 'SUPERADMIN') {
    if (!self) assertMayAssign(p.actor, 'SUPERADMIN');
  }
  if (changesEmail) {
    await assertCurrentPassword(existing.passwordHash, p.input.currentPassword);
    if (await emailInUse(db, { companyId: p.companyId, email, exceptId: existing.id })) throw emailTaken();
  }
  const demotesSuperadmin = existing.role === 'SUPERADMIN' && existing.active && (p.input.role !== 'SUPERADMIN' || p.input.active === false);
  if (demotesSuperadmin && (await activeSuperadmins(db, p.companyId)) <= 1) {
    throw new AppError('CONFLICT', 'La empresa debe conservar al menos un Superadministrador activo');
  }
  const [row] = await db
    .update(users)
    .set({
      firstName: p.input.firstName.trim(),
      lastName: p.input.lastName.trim(),
      role: p.input.role,
      active: p.input.active ?? existing.active,
      emissionPoints,
      // Changing someone's access revokes their sessions at once.
      tokenVersion: changesAccess && !self ? existing.tokenVersion + 1 : existing.tokenVersion,
      updatedAt: p.now,
    })
    .where(and(eq(users.companyId, p.companyId), eq(users.id, p.id)))
    .returning();
  const emailChange = changesEmail ? await issueEmailChangeLink(db, { companyId: p.companyId, userId: existing.id, firstName: row.firstName, newEmail: email, now: p.now }) : undefined;
  return { user: toView(row), emailChange };
}

export async function deleteUser(db: Db, p: { companyId: string; actor: AuthUser; id: string }): Promise<void> {
  const existing = await findUser(db, { companyId: p.companyId, id: p.id });
  if (!existing) throw notFound('El usuario');
  if (existing.id === p.actor.id) throw new AppError('CONFLICT', 'No puede eliminar su propio usuario');
  if (existing.role === 'SUPERADMIN') {
    assertMayAssign(p.actor, 'SUPERADMIN');
    if (existing.active && (await activeSuperadmins(db, p.companyId)) <= 1) throw new AppError('CONFLICT', 'La empresa debe conservar al menos un Superadministrador activo');
  }
  await db.delete(users).where(and(eq(users.companyId, p.companyId), eq(users.id, p.id)));
}

/**
 * Change one's own password (the current one must match).
 * @returns the new token version: every session issued before is refused from now on.
 */
export async function changePassword(db: Db, p: { companyId: string; userId: string; currentPassword?: string; password: string }): Promise<number> {
  const existing = await findUser(db, { companyId: p.companyId, id: p.userId });
  if (!existing) throw notFound('El usuario');
  await assertCurrentPassword(existing.passwordHash, p.currentPassword);
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(p.password), tokenVersion: existing.tokenVersion + 1, updatedAt: new Date() })
    .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)))
    .returning({ tokenVersion: users.tokenVersion });
  return row.tokenVersion;
}

