/**
 * How each comprobante type counts in the company's sales, from the registry into the database
 * (issue 29: the dashboard's sales sign reads the registry). The daily sums' trigger
 * (migrations 0012, 0022: `sales_summary_apply`) multiplies by `comprobante_sales_sign(cod_doc)`;
 * this module writes that function from `salesSign` of core/comprobante-types.ts at every start, so a
 * new type's sign is its line there and no SQL is edited. The function is rewritten only when it
 * differs (under an advisory lock, so nodes starting together do not race).
 * Source: DESIGN.md §12 (sales net of notas de crédito).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type RawQueryRunner } from '../query-rows.ts';
import { COMPROBANTE_TYPE_META, type ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';

/** Advisory lock key of this rewrite (any constant distinct from the app's other locks). */
const LOCK_KEY = 29_0022;

/**
 * The function's body: one CASE over the types with a non-zero sign, by codDoc.
 * @throws Error when a codDoc is not two digits (it is written into SQL).
 * @example salesSignBody([{ codDoc: '01', salesSign: 1 }, { codDoc: '04', salesSign: -1 }]) // " SELECT CASE cod_doc WHEN '01' THEN 1 WHEN '04' THEN -1 ELSE 0 END "
 */
export function salesSignBody(metas: readonly Pick<ComprobanteTypeMeta, 'codDoc' | 'salesSign'>[]): string {
  const whens = [...metas]
    .filter((m) => m.salesSign !== 0)
    .sort((a, b) => a.codDoc.localeCompare(b.codDoc))
    .map((m) => {
      if (!/^\d{2}$/.test(m.codDoc)) throw new Error(`codDoc inválido para comprobante_sales_sign: ${m.codDoc}`);
      return `WHEN '${m.codDoc}' THEN ${m.salesSign} `;
    })
    .join('');
  return ` SELECT CASE cod_doc ${whens}ELSE 0 END `;
}

/**
 * Make `comprobante_sales_sign` say what the registry says, inside the caller's transaction.
 * @returns true when the function was rewritten (the registry changed since it was written).
 */
export async function syncSalesSign(tx: RawQueryRunner, metas: readonly Pick<ComprobanteTypeMeta, 'codDoc' | 'salesSign'>[] = Object.values(COMPROBANTE_TYPE_META)): Promise<boolean> {
  const body = salesSignBody(metas);
  const current = async () => (await queryRows<{ prosrc: string }>(tx, sql`SELECT prosrc FROM pg_proc WHERE proname = 'comprobante_sales_sign'`))[0]?.prosrc;
  if ((await current()) === body) return false;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
  if ((await current()) === body) return false;
  await tx.execute(sql.raw(`CREATE OR REPLACE FUNCTION "comprobante_sales_sign"(cod_doc text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$${body}$$`));
  return true;
}
