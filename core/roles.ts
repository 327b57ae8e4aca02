/**
 * The roles a user or an API key can have (seeded in server/db/seed/roles.ts with their permissions;
 * spec §7). Shared by the route schemas of users and API keys so the list is written once.
 */
export const ROLES = ['SUPERADMIN', 'ADMIN', 'EMISOR', 'CONTADOR'] as const;

export type Role = (typeof ROLES)[number];

/** Each role as people read it (the seed's role names, the users screen's labels and the server's messages). */
export const ROLE_NAMES: Record<Role, string> = { SUPERADMIN: 'Superadministrador', ADMIN: 'Administrador', EMISOR: 'Emisor', CONTADOR: 'Contador' };
