/**
 * Requests started before React draws the first screen (src/engine/first-screen.ts), each taken
 * once by the loader that needs it, so a deep link's menu, schemas and first page go out together
 * with the app's own scripts instead of after them (issue 30). An answer not taken within
 * `MAX_AGE_MS` is dropped: a later screen asks afresh rather than show it.
 * An answer that has already arrived can also be read synchronously (`peekEarly`), so the first
 * screen draws with its data at once instead of a loading state first (`useEarlyAnswer`).
 * @example
 * startEarly('menu', loadMenuNow);
 * const menu = await (takeEarly<Menu>('menu') ?? loadMenuNow());
 */
import { useEffect } from 'react';

const MAX_AGE_MS = 15_000;
/** After a hook drew an answer, others mounting this soon draw it too instead of asking again (swr's dedupingInterval). */
const SHARED_MS = 2_000;
interface Early {
  /** Set when a hook drew the answer (useEarlyAnswer): from then on only peekEarly gives it, until then. */
  sharedUntil?: number;
  at: number;
  answer: Promise<unknown>;
  /** Set once the answer arrived (not when it failed). */
  arrived?: { value: unknown };
  /** peekEarly's derived value, made once so every render gets the same object. */
  derived?: { from: unknown; value: unknown };
}
const early = new Map<string, Early>();
/**
 * When a loader last asked for a key itself (takeEarly had nothing for it), epoch ms. A hook can
 * mount before startFirstScreen runs (its chunk still on the way): its loader then takes the boot
 * script's answer through the API client, and a later startEarly of that key would only ask the
 * server a second time, so it is skipped for MAX_AGE_MS.
 */
const askedItself = new Map<string, number>();

/** Start `load()` now and keep its promise under `key` (its failure is handled by whoever takes it). */
export function startEarly<T>(key: string, load: () => Promise<T>): void {
  if (early.has(key) || Date.now() - (askedItself.get(key) ?? -Infinity) <= MAX_AGE_MS) return;
  const answer = load();
  const entry: Early = { at: Date.now(), answer };
  // Not taken, a failure must not surface as an unhandled rejection.
  answer.then((value) => (entry.arrived = { value }), () => undefined);
  early.set(key, entry);
}

const fresh = (found: Early | undefined) => (found && Date.now() - found.at <= MAX_AGE_MS && (found.sharedUntil ?? Infinity) >= Date.now() ? found : undefined);

/** The promise started under `key`, once (then forgotten); undefined when none, too old or already drawn by a hook (the caller then asks itself, and a later startEarly of `key` is skipped). */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const found = early.get(key);
  early.delete(key);
  const answer = found && found.sharedUntil === undefined ? (fresh(found)?.answer as Promise<T> | undefined) : undefined;
  if (!answer) askedItself.set(key, Date.now());
  return answer;
}

/**
 * The answer under `key` if it has already arrived (neither taken nor too old; once a hook drew it,
 * for SHARED_MS more), through
 * `derive` (called once per answer: the same object on every call); undefined otherwise or when
 * `derive` gives undefined. Does not take it.
 */
export function peekEarly<T, R>(key: string, derive: (answer: T) => R | undefined): R | undefined {
  const found = fresh(early.get(key));
  if (!found?.arrived) return undefined;
  const value = found.arrived.value;
  if (found.derived?.from !== value) found.derived = { from: value, value: derive(value as T) };
  return found.derived?.value as R | undefined;
}

/** swr options that draw a hook at once with an answer already arrived (`peeked`), without asking again. */
export const earlyOptions = <R>(peeked: R | undefined) => (peeked === undefined ? {} : { fallbackData: peeked, revalidateOnMount: false });

/**
 * For a swr hook drawn with an answer already arrived (`peeked`, from peekEarly, through
 * earlyOptions): after the commit, the first such hook writes it into swr's cache (`mutate(peeked,
 * { revalidate: false })`), so later mounts treat it as any cached answer; hooks mounting within
 * SHARED_MS still draw it from peekEarly rather than ask again, then it is forgotten.
 */
export function useEarlyAnswer<R>(key: string, peeked: R | undefined, mutate: (data: R, opts: { revalidate: boolean }) => unknown): void {
  useEffect(() => {
    const found = peeked === undefined ? undefined : early.get(key);
    if (!found || found.sharedUntil !== undefined) return;
    found.sharedUntil = Date.now() + SHARED_MS;
    setTimeout(() => early.get(key) === found && early.delete(key), SHARED_MS + 1);
    void mutate(peeked as R, { revalidate: false });
  }, [key, peeked, mutate]);
}
