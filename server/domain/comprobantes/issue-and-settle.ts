/**
 * Issue a draft and take it through the SRI now, as POST /api/{resource}/{_id}/issue answers: the
 * issue (issue-comprobante.ts: secuencial, key, XML, XSD, signature, FIRMADA and its sri_send job,
 * in one transaction) writes the send job claimed by this caller, which then runs it and the
 * authorisation poll it leads to right after the commit (jobs/sri-jobs.ts settleIssued). When the
 * SRI does not settle it in those few steps (unreachable, EN PROCESO), the comprobante stays
 * FIRMADA/RECIBIDA/EN_PROCESO with its job pending, and the background worker goes on. `wake` (the
 * worker's kick) is called when the issue left jobs for the worker (the mail, webhooks, a pending
 * SRI job): not after an authorisation that wrote none, which saves a pass of the worker.
 * @returns the comprobante as it stands after those steps (AUTORIZADA, NO_AUTORIZADA, DEVUELTA, or
 *   still waiting for the SRI).
 * @throws the errors of issueComprobante (nothing is sent when the issue is refused).
 */
import { randomUUID } from 'node:crypto';
import { JOB_LEASE_MS } from '../../jobs/job-runner.ts';
import { issueComprobante, type IssueComprobanteOptions } from './issue-comprobante.ts';
import { settleIssued, type SriJobDeps } from './jobs/sri-jobs.ts';
import { getComprobante } from './list-comprobantes.ts';
import type { ComprobanteRow } from './comprobante-view.ts';

/** issueComprobante's options without the send's (this use case claims the send itself), and the worker's dependencies. */
export interface IssueAndSettleOptions extends Omit<IssueComprobanteOptions, 'claimSend' | 'enqueueSend'> {
  /** The SRI, mail and clock the send and the poll run with (the worker's). */
  worker: SriJobDeps;
  /** Runs the background worker now (app.ts `kickWorker`); called when jobs were left for it. */
  wake?: () => void;
}

/**
 * Issue the draft `o.id` and settle it with the SRI now (see the module's note).
 * @example const row = await issueAndSettle({ type, db, secretBox, companyId, userId, id, now, consumidorFinalCap, schemas, worker });
 */
export async function issueAndSettle(o: IssueAndSettleOptions): Promise<ComprobanteRow> {
  const { worker, wake, ...issue } = o;
  const sendJobId = randomUUID();
  const issued = await issueComprobante({ ...issue, claimSend: { jobId: sendJobId, leaseMs: JOB_LEASE_MS } });
  const settled = await settleIssued(worker, issued, sendJobId);
  if (settled.followUpJobs) wake?.();
  return settled.row ?? (await getComprobante(o.db, { companyId: o.companyId, id: o.id, codDoc: o.type.meta.codDoc }));
}
