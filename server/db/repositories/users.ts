/** User and token queries. Tenant functions take `companyId` and put it in every WHERE. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { authTokens, companies, users } from '../schema/index-tables.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findUser(db: Db, p: { companyId: string; id: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.companyId, p.companyId), eq(users.id, p.id)));
  return row;
}

/** What the auth plugin needs of a signed-in user on every request (no password hash). */
const sessionUserColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  isStaff: users.isStaff,
  tokenVersion: users.tokenVersion,
  emissionPoints: users.emissionPoints,
};
const prepareSessionUser = (db: Db) =>
  db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.companyId, sql.placeholder('companyId')), eq(users.id, sql.placeholder('id'))))
    .prepare('session_user');
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/**
 * The user behind a session token, by a statement prepared once per database (each connection
 * plans it once): it runs on every API call, so it skips query building and planning.
 */
export async function findSessionUser(db: Db, p: { companyId: string; id: string }) {
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUser(db)));
  const [row] = await query.execute(p);
  return row;
}

/** Login is the one platform-wide lookup: an e-mail may have accounts in several companies. */
export async function findAccountsByEmail(db: Db, p: { email: string; companyId?: string }) {
  const conditions = [eq(sql`lower(${users.email})`, p.email.toLowerCase())];
  if (p.companyId) conditions.push(eq(users.companyId, p.companyId));
  return db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(...conditions));
}

export async function findCompany(db: Db, p: { companyId: string }): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, p.companyId));
  return row;
}

/** What a mailed single-use link does. */
export type AuthTokenKind = 'activation' | 'reset' | 'email_change';

export async function insertAuthToken(
  db: Db,
  p: { companyId: string; userId: string; tokenHash: string; kind: AuthTokenKind; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.insert(authTokens).values(p);
}

/** Marks the token used and returns it, atomically; undefined when unknown, used, or of another kind. */
export async function consumeAuthToken(db: Db, p: { tokenHash: string; kind: AuthTokenKind; now: Date }) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: p.now })
    .where(and(eq(authTokens.tokenHash, p.tokenHash), eq(authTokens.kind, p.kind), isNull(authTokens.usedAt)))
    .returning();
  return row;
}

/**
 * Marks every unused link of a kind for one user as used (a newer e-mail change request replaces
 * the older one: only the latest link works).
 */
export async function retireAuthTokens(db: Db, p: { companyId: string; userId: string; kind: AuthTokenKind; now: Date }): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: p.now })
    .where(and(eq(authTokens.companyId, p.companyId), eq(authTokens.userId, p.userId), eq(authTokens.kind, p.kind), isNull(authTokens.usedAt)));
}
