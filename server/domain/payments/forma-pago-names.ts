/** SRI tabla 24 (catalog forma_pago) as code -> name ('01' -> 'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO'), for RIDEs and statements. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries } from '../../db/schema/index-tables.ts';

export async function formaPagoNames(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ code: catalogEntries.code, name: catalogEntries.name }).from(catalogEntries).where(eq(catalogEntries.tableName, 'forma_pago'));
  return Object.fromEntries(rows.map((f) => [f.code, f.name]));
}
