/**
 * The comprobante repository's tenant filter (server/db/repositories/comprobantes.ts): the company
 * comes first in every WHERE it writes, and a draft is only replaced or deleted while BORRADOR.
 * Read as the SQL text and parameters the driver receives (drizzle's mock driver logs each
 * statement before it fails for want of a connection).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { schema, type Db } from '../../../server/db/client.ts';
import { comprobantes } from '../../../server/db/schema/index-tables.ts';
import { comprobanteScope, deleteDraft, findComprobante, updateDraft, type DraftValues } from '../../../server/db/repositories/comprobantes.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const OTHER_ID = '33333333-3333-4333-8333-333333333333';

const where = (scope: Parameters<typeof comprobanteScope>[0], ...more: Parameters<typeof comprobanteScope>[1][]) => {
  const { sql, params } = new PgDialect().sqlToQuery(comprobanteScope(scope, ...more));
  return { sql, params };
};

/** The statements a repository call sends, as `text -- params`. */
async function statementsOf(run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const db = drizzle.mock({ schema, logger: { logQuery: (text, params) => void sent.push(`${text} -- ${JSON.stringify(params)}`) } });
  await run(db).catch(() => undefined);
  return sent;
}

describe('comprobanteScope', () => {
  it('narrows one company\'s comprobante by id, type and status, the company first', () => {
    expect(where({ companyId: COMPANY, id: ID, codDoc: '01', status: 'BORRADOR' })).toEqual({
      sql: '("comprobante"."company_id" = $1 and "comprobante"."id" = $2 and "comprobante"."cod_doc" = $3 and "comprobante"."status" = $4)',
      params: [COMPANY, ID, '01', 'BORRADOR'],
    });
  });

  it('takes several ids or types as a list, and the caller\'s own conditions after the scope', () => {
    expect(where({ companyId: COMPANY, id: [ID, OTHER_ID], codDoc: ['01', '05'] }, eq(comprobantes.estab, '001'))).toEqual({
      sql: '("comprobante"."company_id" = $1 and "comprobante"."id" in ($2, $3) and "comprobante"."cod_doc" in ($4, $5) and "comprobante"."estab" = $6)',
      params: [COMPANY, ID, OTHER_ID, '01', '05', '001'],
    });
  });

  it('scopes the documents related to one (the notas of a factura) by company too', () => {
    expect(where({ companyId: COMPANY, relatedId: ID, codDoc: '04' }).params).toEqual([COMPANY, ID, '04']);
  });
});

describe('comprobante repository statements', () => {
  it('finds a comprobante only within the company, FOR UPDATE when asked', async () => {
    expect(await statementsOf((db) => findComprobante(db, { companyId: COMPANY, id: ID }, { lock: true }))).toEqual([
      expect.stringMatching(/^select .* from "comprobante" where \("comprobante"\."company_id" = \$1 and "comprobante"\."id" = \$2\) for update -- \["11111111-1111-4111-8111-111111111111","22222222-2222-4222-8222-222222222222"\]$/),
    ]);
  });

  it('deletes and replaces a draft only while it is BORRADOR', async () => {
    const [deleted] = await statementsOf((db) => deleteDraft(db, { companyId: COMPANY, id: ID }));
    expect(deleted).toBe(`delete from "comprobante" where ("comprobante"."company_id" = $1 and "comprobante"."id" = $2 and "comprobante"."status" = $3) -- ["${COMPANY}","${ID}","BORRADOR"]`);
    const values: Partial<DraftValues> = { infoAdicional: [] };
    const [updated] = await statementsOf((db) => updateDraft(db, { companyId: COMPANY, id: ID, codDoc: '04' }, values as DraftValues));
    expect(updated).toMatch(/ where \("comprobante"\."company_id" = \$\d+ and "comprobante"\."id" = \$\d+ and "comprobante"\."cod_doc" = \$\d+ and "comprobante"\."status" = \$\d+\) returning /);
    expect(updated).toMatch(new RegExp(`"${COMPANY}","${ID}","04","BORRADOR"\\]$`));
  });
});
