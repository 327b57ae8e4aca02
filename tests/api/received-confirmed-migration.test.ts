/**
 * The migration that adds received_document.confirmed / sri_estado and comprobante.annulment /
 * delayed_at (DESIGN.md §10), on rows an earlier schema held: a received document fetched by key
 * (or from the portal's TXT listing) holds the SRI's own XML and becomes confirmed with sri_estado
 * AUTORIZADO; an XML upload stays unconfirmed; comprobantes waiting for the SRI since an earlier day
 * are not announced as "delayed" after the upgrade, one of today still is. PGlite or PostgreSQL.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsUpTo, openRaw, type Raw } from '../helpers/migration-db.ts';
import { dbKind } from '../helpers/test-app.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
const target = journal.entries.find((e) => e.tag.endsWith('_annulment_confirmed_received'))!;

describe(`migration ${target.tag} (${dbKind})`, () => {
  let raw: Raw;
  let folder: string;
  const companyId = randomUUID();
  const ids = { clave: randomUUID(), txt: randomUUID(), xml: randomUUID(), waitingOld: randomUUID(), waitingToday: randomUUID() };

  beforeAll(async () => {
    raw = await openRaw();
    folder = migrationsUpTo(target.idx - 1);
    await raw.migrate(folder);
    await raw.query(`insert into company (id, ruc, razon_social, email, dir_matriz, status) values ($1, '1790016919001', 'Comercial Ñandú S.A.', 'c@example.com', 'Quito', 'ACTIVE')`, [companyId]);
    const received = [
      [ids.clave, 'clave', '1'],
      [ids.txt, 'txt', '2'],
      [ids.xml, 'xml', '3'],
    ] as const;
    for (const [id, source, n] of received) {
      await raw.query(
        `insert into received_document (company_id, id, clave_acceso, cod_doc, version, estab, pto_emi, secuencial, fecha_emision, ruc_emisor, razon_social_emisor, identificacion_comprador, xml, source, created_at)
         values ($1, $2, $3, '01', '1.1.0', '001', '001', $4, '2026-03-02', '1792060346001', 'Proveedor S.A.', '1790016919001', '<factura/>', $5, '2026-03-03T10:00:00Z')`,
        [companyId, id, `0203202601179206034600120010010000000${n}12345678${n}1`.slice(0, 49), n.padStart(9, '0'), source],
      );
    }
    const today = guayaquilDate(new Date());
    for (const [id, fecha, n] of [[ids.waitingOld, '2026-01-05', 1], [ids.waitingToday, today, 2]] as const) {
      await raw.query(
        `insert into comprobante (company_id, id, establishment_id, estab, pto_emi, razon_social_comprador, identificacion_comprador, fecha_emision, detalles, total_sin_impuestos, total_descuento, total_con_impuestos, total_iva, importe_total, status, secuencial)
         values ($1, $2, $3, '001', '001', 'María Lozada', '1714307103', $4, '[]', 10, 0, '[]', 0, 10, 'RECIBIDA', $5)`,
        [companyId, id, randomUUID(), fecha, n],
      );
    }
    await raw.migrate(MIGRATIONS);
  }, 120_000);

  afterAll(async () => {
    await raw?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('confirms what came from the SRI (by key, TXT listing) and leaves uploads unconfirmed', async () => {
    const rows = await raw.query<{ id: string; confirmed: boolean; sri_estado: string | null; sri_checked_at: Date | string | null }>(`select id, confirmed, sri_estado, sri_checked_at from received_document`);
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(ids.clave)).toMatchObject({ confirmed: true, sri_estado: 'AUTORIZADO' });
    expect(by.get(ids.txt)).toMatchObject({ confirmed: true, sri_estado: 'AUTORIZADO' });
    expect(new Date(by.get(ids.clave)!.sri_checked_at!).toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(by.get(ids.xml)).toMatchObject({ confirmed: false, sri_estado: null, sri_checked_at: null });
  });

  it('refuses an sri_estado the consultation service does not answer', async () => {
    await expect(raw.query(`update received_document set sri_estado = 'ANULADA' where id = $1`, [ids.xml])).rejects.toThrow(/received_document_sri_estado_check/);
  });

  it('no annulment on old comprobantes; only today\'s waiting one is still to be announced as delayed', async () => {
    const rows = await raw.query<{ id: string; annulment: unknown; delayed_at: unknown }>(`select id, annulment, delayed_at from comprobante`);
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(ids.waitingOld)).toMatchObject({ annulment: null, delayed_at: expect.anything() });
    expect(by.get(ids.waitingToday)).toMatchObject({ annulment: null, delayed_at: null });
  });
});
