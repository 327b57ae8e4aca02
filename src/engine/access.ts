/**
 * What the signed-in user may do with a schema's records: the role's permissions
 * (`CurrentUser.permissions[resource]`), or platform staff only for reference data
 * (`list.json` `access: "staff"`: tables and catalogs; everyone else reads them).
 * @example const { create, update, remove } = accessTo(useSession(), entry);
 */
import { can, type CurrentUser } from './session.ts';
import { permissionOf, type SchemaEntry } from './schema-registry.ts';

export interface Access {
  read: boolean;
  create: boolean;
  update: boolean;
  remove: boolean;
}

export function accessTo(user: CurrentUser | null, entry: SchemaEntry): Access {
  if (!user) return { read: false, create: false, update: false, remove: false };
  if (entry.list.access === 'staff') return { read: true, create: user.isStaff, update: user.isStaff, remove: user.isStaff };
  const resource = permissionOf(entry);
  return { read: can(user, resource, 'read'), create: can(user, resource, 'create'), update: can(user, resource, 'update'), remove: can(user, resource, 'delete') };
}
