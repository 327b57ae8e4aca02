/**
 * certificate.expiring (DESIGN.md §9): once per certificate, when it enters the last
 * CERTIFICATE_WARNING_DAYS (30) days of its validity, every endpoint of its company subscribed to
 * the event gets it. One statement records the certificate in webhook_certificate_notice (primary
 * key: company and serial, ON CONFLICT DO NOTHING) and enqueues the deliveries of the rows it
 * inserted, so any number of nodes may run the check at once and each certificate is announced once.
 * Data: `{subject, issuer, serialNumber, notAfter, daysToExpiry}`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CERTIFICATE_WARNING_DAYS } from '../dashboard/company-dashboard.ts';
import { WEBHOOK_JOB_KIND, unixSeconds } from './webhook-jobs.ts';
import { rowsOf } from '../../db/query-rows.ts';

const TYPE = 'certificate.expiring';

/** @returns how many deliveries were enqueued. */
export async function announceExpiringCertificates(db: Db, p: { now: Date }): Promise<number> {
  const now = p.now.toISOString();
  const result = await db.execute(sql`
    with due as (
      insert into webhook_certificate_notice (company_id, serial_number, notified_at)
      select c.company_id, c.serial_number, ${now}::timestamptz
      from company_certificate c
      where c.not_after > ${now}::timestamptz and c.not_after <= ${now}::timestamptz + make_interval(days => ${CERTIFICATE_WARNING_DAYS})
        and exists (select 1 from webhook_endpoint w where w.company_id = c.company_id and ${TYPE}::text = any(w.events))
      on conflict do nothing
      returning company_id, serial_number
    ), events as (
      select due.company_id, 'evt_' || replace(gen_random_uuid()::text, '-', '') as id,
        jsonb_build_object('subject', c.subject, 'issuer', c.issuer, 'serialNumber', c.serial_number,
          'notAfter', to_char(c.not_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'daysToExpiry', floor(extract(epoch from c.not_after - ${now}::timestamptz) / 86400)::int) as data
      from due join company_certificate c on c.company_id = due.company_id
    )
    insert into job (company_id, kind, payload, run_at, created_at, updated_at)
    select e.company_id, ${WEBHOOK_JOB_KIND}::varchar,
      jsonb_build_object('endpointId', w.id, 'event', jsonb_build_object('id', e.id, 'type', ${TYPE}::text, 'created', ${unixSeconds(p.now)}::bigint, 'data', e.data)),
      ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    from events e join webhook_endpoint w on w.company_id = e.company_id and ${TYPE}::text = any(w.events)
    returning 1 as n`);
  return rowsOf(result).length;
}

/**
 * Run {@link announceExpiringCertificates} a minute after start and then once a day, until stopped.
 * A failed pass is logged and tried again the next day (the statement is idempotent).
 */
export function startDailyCertificateCheck(deps: { db: Db; clock: () => Date; log?: { error(obj: object, msg: string): void } }, intervalMs = 24 * 3600 * 1000) {
  const pass = () => void announceExpiringCertificates(deps.db, { now: deps.clock() }).catch((err: unknown) => deps.log?.error({ err }, 'certificate.expiring check failed'));
  const first = setTimeout(pass, Math.min(60_000, intervalMs));
  const timer = setInterval(pass, intervalMs);
  first.unref();
  timer.unref();
  return { stop: () => (clearTimeout(first), clearInterval(timer)) };
}
