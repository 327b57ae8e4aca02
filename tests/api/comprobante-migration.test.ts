/**
 * Migration 0005 (invoice -> comprobante): a database migrated only up to 0004 and holding issued
 * invoices (signed XML, keys, audit events, queued jobs) is migrated to the head; every byte of the
 * XML, the keys and the events is the same afterwards, the queued mail job still runs, and the
 * status column refuses a status core/comprobante-status.ts does not know.
 * Runs on PGlite or PostgreSQL (EMITE_TEST_DB), like every API test.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../server/app-worker.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { buildSignedFactura } from '../../server/domain/comprobantes/sign-comprobante.ts';
import { loadSigningCredentials } from '../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';
import { sampleFactura } from '../helpers/factura-sample.ts';
import { dbKind } from '../helpers/test-app.ts';
import { MIGRATIONS, migrationsUpTo, openRaw, type Raw } from '../helpers/migration-db.ts';

const RUC = '1790016919001';

describe(`migration 0005 invoice -> comprobante (${dbKind})`, () => {
  let raw: Raw;
  let folder0004: string;
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'emite-mig-outbox-'));
  const companyId = randomUUID();
  const customerId = randomUUID();
  const establishmentId = randomUUID();
  const creds = loadSigningCredentials(generateTestP12({ ruc: RUC, razonSocial: 'Comercial Ñandú S.A.', password: 'x' }), 'x');
  /** Two issued facturas (AUTORIZADA and FIRMADA) and one draft, as 0004 stored them. */
  const ids = { authorised: randomUUID(), signed: randomUUID(), draft: randomUUID() };
  let before: { invoices: Array<Record<string, unknown>>; events: Array<Record<string, unknown>>; jobs: Array<Record<string, unknown>> };

  beforeAll(async () => {
    raw = await openRaw();
    folder0004 = migrationsUpTo(4);
    await raw.migrate(folder0004);
    await raw.query(`insert into company (id, ruc, razon_social, email, dir_matriz, status) values ($1, $2, 'Comercial Ñandú S.A.', 'ventas@example.com', 'Av. Amazonas N34-451, Quito', 'ACTIVE')`, [companyId, RUC]);
    await raw.query(`insert into customer (company_id, id, tipo_identificacion, identificacion, razon_social, email) values ($1, $2, '05', '1714307103', 'María Fernanda Lozada', 'maria@example.com')`, [companyId, customerId]);
    for (const [n, id, status] of [[1, ids.authorised, 'AUTORIZADA'], [2, ids.signed, 'FIRMADA'], [0, ids.draft, 'BORRADOR']] as const) {
      const doc = sampleFactura({ secuencial: n || 9, ruc: RUC });
      const signed = buildSignedFactura(doc, creds, new Date());
      if (!signed.valid) throw new Error(signed.errors.join('; '));
      const issued = status !== 'BORRADOR';
      const clave = issued ? doc.infoTributaria.claveAcceso : null;
      await raw.query(
        `insert into invoice (company_id, id, establishment_id, estab, pto_emi, customer_id, razon_social_comprador, identificacion_comprador, fecha_emision,
           detalles, pagos, total_sin_impuestos, total_descuento, total_con_impuestos, total_iva, importe_total, status, secuencial, clave_acceso, ambiente,
           numero_autorizacion, fecha_autorizacion, mensajes, signed_xml, authorization_xml, sri_send_attempts)
         values ($1, $2, $3, '001', '001', $4, 'María Fernanda Lozada', '1714307103', current_date, $5, $6, 1687.50, 50.00, '[]', 247.50, 1935.00, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [companyId, id, establishmentId, customerId, JSON.stringify(doc.detalles), JSON.stringify(doc.infoFactura.pagos), status, issued ? n : null, clave, issued ? '1' : null,
          status === 'AUTORIZADA' ? clave : null, status === 'AUTORIZADA' ? new Date('2026-11-20T15:04:05.123Z') : null,
          JSON.stringify(status === 'AUTORIZADA' ? [{ identificador: '60', mensaje: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS', tipo: 'INFORMATIVO' }] : []),
          issued ? signed.signedXml : null, status === 'AUTORIZADA' ? `<autorizacion><estado>AUTORIZADO</estado><comprobante><![CDATA[${signed.signedXml}]]></comprobante></autorizacion>` : null, issued ? 1 : 0],
      );
      if (issued) await raw.query(`insert into invoice_event (company_id, invoice_id, user_id, from_status, to_status, mensajes, note) values ($1, $2, null, 'BORRADOR', 'FIRMADA', '[]', 'emitida — ñ')`, [companyId, id]);
    }
    await raw.query(`insert into invoice_event (company_id, invoice_id, from_status, to_status, mensajes) values ($1, $2, 'FIRMADA', 'AUTORIZADA', '[{"identificador":"60","mensaje":"AMBIENTE DE PRUEBAS","tipo":"INFORMATIVO"}]')`, [companyId, ids.authorised]);
    await raw.query(`insert into job (company_id, kind, invoice_id, status) values ($1, 'mail_invoice', $2, 'pending'), ($1, 'sri_send', $3, 'done')`, [companyId, ids.authorised, ids.signed]);
    before = {
      invoices: await raw.query(`select id, status, secuencial, clave_acceso, numero_autorizacion, fecha_autorizacion, signed_xml, authorization_xml, detalles::text, mensajes::text, importe_total::text from invoice order by id`),
      events: await raw.query(`select id, company_id, invoice_id as comprobante_id, at, user_id, from_status, to_status, mensajes::text, note from invoice_event order by id`),
      jobs: await raw.query(`select id, company_id, kind, invoice_id as comprobante_id, status from job order by id`),
    };
    await raw.migrate(MIGRATIONS);
  }, 120_000);

  afterAll(async () => {
    await raw?.close();
    rmSync(folder0004, { recursive: true, force: true });
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('keeps every invoice with its XML, keys and SRI data byte for byte, as facturas (codDoc 01)', async () => {
    const after = await raw.query(`select id, status, secuencial, clave_acceso, numero_autorizacion, fecha_autorizacion, signed_xml, authorization_xml, detalles::text, mensajes::text, importe_total::text from comprobante order by id`);
    expect(after).toEqual(before.invoices);
    expect(before.invoices.filter((r) => r.signed_xml)).toHaveLength(2);
    const codDocs = await raw.query<{ cod_doc: string; related_id: string | null; type_detail: unknown }>(`select cod_doc, related_id, type_detail from comprobante`);
    expect(codDocs).toEqual(Array(3).fill({ cod_doc: '01', related_id: null, type_detail: {} }));
  });

  it('keeps every audit event, now pointing at the comprobante, and new events keep numbering after them', async () => {
    const after = await raw.query(`select id, company_id, comprobante_id, at, user_id, from_status, to_status, mensajes::text, note from comprobante_event order by id`);
    expect(after).toEqual(before.events);
    const [next] = await raw.query<{ id: string }>(`insert into comprobante_event (company_id, comprobante_id, to_status) values ($1, $2, 'AUTORIZADA') returning id`, [companyId, ids.authorised]);
    expect(Number(next.id)).toBe(Math.max(...before.events.map((e) => Number(e.id))) + 1);
  });

  it('keeps the queued jobs; the mail job of an authorised invoice still runs and mails it', async () => {
    const jobs = await raw.query(`select id, company_id, kind, comprobante_id, status from job order by id`);
    expect(jobs).toEqual(before.jobs.map((j) => ({ ...j, kind: j.kind === 'mail_invoice' ? 'mail_comprobante' : j.kind })));
    const sri = { validarComprobante: async () => { throw new Error('no SRI here'); }, autorizacionComprobante: async () => { throw new Error('no SRI here'); } };
    const ran = await runDueJobs({ db: raw.db, sri: sri as never, mailer: createMailer({ outboxDir }), clock: () => new Date() }, { comprobanteId: ids.authorised });
    expect(ran).toBe(1);
    const [job] = await raw.query<{ status: string }>(`select status from job where comprobante_id = $1`, [ids.authorised]);
    expect(job.status).toBe('done');
    const mails = readdirSync(outboxDir);
    expect(mails).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, mails[0]), 'utf8');
    expect(eml).toContain('maria@example.com');
    const [row] = await raw.query<{ emailed_at: Date | null }>(`select emailed_at from comprobante where id = $1`, [ids.authorised]);
    expect(row.emailed_at).not.toBeNull();
  });

  it('refuses a status the status module does not know', async () => {
    await expect(raw.query(`update comprobante set status = 'PERDIDA' where id = $1`, [ids.draft])).rejects.toThrow(/comprobante_status_check/);
  });
});
