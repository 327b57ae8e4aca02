/**
 * Who is acting and what their role lets them do: the signed-in user as the domain sees it (set by
 * the auth plugin from the session token or API key) and the one permission check every layer uses.
 */
/** One entry of a user's emission scope; `ptoEmi` absent = every point of the establishment (domain/users/emission-scope.ts). */
export interface EmissionPoint {
  estab: string;
  ptoEmi?: string;
}

/** The establishments / emission points a user may use. Empty = unrestricted. */
export type EmissionScope = readonly EmissionPoint[];

/** The signed-in user: company from the token, permissions from the role (`{resource: [action]}`). */
export interface AuthUser {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isStaff: boolean;
  permissions: Record<string, string[]>;
  /** Establishments / emission points this user may use; empty = all (domain/users/emission-scope.ts). */
  emissionScope: EmissionScope;
  /**
   * Set when the request came with an API key: the key's id (then `id` is that id too, never a
   * user's, and `firstName` is the key's name). Audit rows take it through `auditActor`.
   */
  apiKeyId: string | null;
}

/** Whether the user's role allows `action` (read, create, update, delete, issue…) on `resource`. */
export function can(user: AuthUser, resource: string, action: string): boolean {
  return user.permissions[resource]?.includes(action) ?? false;
}
