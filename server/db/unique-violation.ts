/**
 * The name of the unique constraint a failed insert/update hit, on either driver (node-postgres
 * and PGlite both report SQLSTATE 23505 with `constraint`; Drizzle wraps the driver error in `cause`).
 */
export function uniqueConstraintOf(err: unknown): string | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? /unique constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
  }
  return undefined;
}

/**
 * Runs a write and turns a unique violation into the caller's error: `conflictFor(constraint)`
 * returns the AppError to throw (usually a 409 naming the field), or undefined for a constraint it
 * does not expect, which is rethrown unchanged. The constraint decides, not a SELECT before the write:
 * two concurrent writes cannot both pass.
 * @example await onUniqueViolation(() => db.insert(users).values(v), (c) => (c === 'app_user_company_email' ? emailTaken() : undefined));
 */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflictFor: (constraint: string) => Error | undefined): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueConstraintOf(err);
    const conflict = constraint === undefined ? undefined : conflictFor(constraint);
    throw conflict ?? err;
  }
}
