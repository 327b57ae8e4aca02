/**
 * The periodic anulación check (DESIGN.md §10): every SRI_ANNULMENT_CHECK_MS (default one hour) ask
 * the SRI's consultation service about every open request (check-annulment.ts checkOpenAnnulments).
 * A pass the SRI does not answer changes nothing; the next pass asks again. Runs on every node with the worker: the state changes are guarded, so two
 * nodes asking at once write each change once.
 */
import { checkOpenAnnulments, type AnnulmentCheckDeps } from './check-annulment.ts';

/**
 * Start the check: a first pass a minute after start (or after `intervalMs` if shorter), then every
 * `intervalMs`, until `stop()`. A pass still running when the next is due is not doubled.
 */
export function startAnnulmentCheck(deps: AnnulmentCheckDeps & { log?: { error(obj: object, msg: string): void } }, intervalMs: number) {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await checkOpenAnnulments(deps);
    } catch (err) {
      deps.log?.error({ err }, 'annulment check pass failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void pass(), Math.min(60_000, intervalMs));
  const timer = setInterval(() => void pass(), intervalMs);
  first.unref();
  timer.unref();
  return { stop: () => (clearTimeout(first), clearInterval(timer)) };
}
