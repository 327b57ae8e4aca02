/**
 * Idempotent seeds applied at every start: SRI catalogs (inserted when missing, so staff edits
 * survive), roles and menu (kept in step with the code), and the sales sign of each comprobante type
 * (sales-sign.ts, from the registry).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { catalogEntries, catalogTables, menuItems, roles } from '../schema/index-tables.ts';
import { SRI_CATALOGS } from './sri-catalogs.ts';
import { ROLE_SEEDS } from './roles.ts';
import { MENU_SEED } from './menu.ts';
import { syncSalesSign } from './sales-sign.ts';

export async function runSeeds(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const catalog of SRI_CATALOGS) {
      await tx
        .insert(catalogTables)
        .values({ name: catalog.name, title: catalog.title, description: catalog.description, system: true })
        .onConflictDoNothing();
      await tx
        .insert(catalogEntries)
        .values(catalog.entries.map((e, i) => ({ tableName: catalog.name, code: e.code, name: e.name, data: e.data ?? {}, active: e.active ?? true, position: i })))
        .onConflictDoNothing();
    }
    for (const [i, role] of ROLE_SEEDS.entries()) {
      await tx
        .insert(roles)
        .values({ ...role, position: i })
        .onConflictDoUpdate({ target: roles.code, set: { name: role.name, description: role.description, permissions: role.permissions, position: i } });
    }
    for (const item of MENU_SEED) {
      const row = {
        id: item.id,
        parentId: item.parentId ?? null,
        path: item.path,
        title: item.title,
        type: item.type ?? 'link',
        icontype: item.icontype ?? null,
        collapse: item.collapse ?? null,
        ab: item.ab ?? null,
        resource: item.resource ?? null,
        staffOnly: item.staffOnly ?? false,
        position: item.position ?? 0,
      };
      await tx.insert(menuItems).values(row).onConflictDoUpdate({ target: menuItems.id, set: { ...row, id: sql`excluded.id` } });
    }
    await syncSalesSign(tx);
  });
}
