/**
 * Requests started before React draws the first screen (src/engine/first-screen.ts), each taken
 * once by the loader that needs it, so a deep link's menu, schemas and first page go out together
 * with the app's own scripts instead of after them (issue 30). An answer not taken within
 * `MAX_AGE_MS` is dropped: a later screen asks afresh rather than show it.
 * @example
 * startEarly('menu', loadMenuNow);
 * const menu = await (takeEarly<Menu>('menu') ?? loadMenuNow());
 */
const MAX_AGE_MS = 15_000;
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Start `load()` now and keep its promise under `key` (its failure is handled by whoever takes it). */
export function startEarly<T>(key: string, load: () => Promise<T>): void {
  if (early.has(key)) return;
  const answer = load();
  // Not taken, a failure must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  early.set(key, { at: Date.now(), answer });
}

/** The promise started under `key`, once (then forgotten); undefined when none or too old. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  return Date.now() - found.at <= MAX_AGE_MS ? (found.answer as Promise<T>) : undefined;
}
