/**
 * The sidebar menu for one user (spec §3 "Menu item"): flat rows with parent pointers -> tree,
 * pruning entries the user may not read and groups left empty (Refine's resource tree).
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems } from '../../db/schema/index-tables.ts';
import { can, type AuthUser } from '../../auth/permissions.ts';

export type MenuChild = {
  path: string;
  title: string;
  ab: string;
};
export type MenuEntry = {
  path: string;
  title: string;
  type: 'link' | 'sub';
  icontype: string;
  collapse?: string;
  children?: MenuChild[];
};
export interface MenuRowInput {
  id: string;
  parentId?: string | null;
  path: string;
  title: string;
  type?: string;
  icontype?: string | null;
  collapse?: string | null;
  ab?: string | null;
  resource?: string | null;
  staffOnly?: boolean;
  position?: number;
}

/**
 * `resource` names the permission an entry needs: `invoice` (read) or `resource:action`
 * (`company:update`: Empresa only for those who may change the company).
 */
export function buildMenuTree(rows: MenuRowInput[], user: AuthUser): MenuEntry[] {
  const permitted = (resource: string) => {
    const [name, action = 'read'] = resource.split(':');
    return can(user, name, action);
  };
  const visible = (r: MenuRowInput) => (!r.staffOnly || user.isStaff) && (!r.resource || permitted(r.resource));
  const byPosition = [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const out: MenuEntry[] = [];
  for (const top of byPosition.filter((r) => !r.parentId)) {
    if (!visible(top)) continue;
    if (top.type === 'sub') {
      const children = byPosition
        .filter((r) => r.parentId === top.id && visible(r))
        .map((r) => ({ path: r.path, title: r.title, ab: r.ab ?? r.title.slice(0, 1).toUpperCase() }));
      if (children.length === 0) continue;
      out.push({ path: top.path, title: top.title, type: 'sub', icontype: top.icontype ?? 'apps', collapse: top.collapse ?? top.id, children });
    } else {
      out.push({ path: top.path, title: top.title, type: 'link', icontype: top.icontype ?? 'dashboard' });
    }
  }
  return out;
}

export async function menuFor(db: Db, user: AuthUser, extra: MenuRowInput[] = []): Promise<MenuEntry[]> {
  const rows = await db.select().from(menuItems).orderBy(asc(menuItems.position));
  return buildMenuTree([...rows, ...extra], user);
}
