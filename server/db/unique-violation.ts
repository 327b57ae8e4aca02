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
