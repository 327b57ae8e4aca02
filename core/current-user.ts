/**
 * The signed-in user as the API answers it (`result` of `PUT /auth/login`, `GET
 * /api/user/profile-info`) and the SPA stores it in localStorage `currentUser` (DESIGN.md §4): one
 * definition for the server that builds it and the engine that keeps it. Pure: no I/O.
 * @example const canIssue = user.permissions.invoice?.includes('create');
 * (A type alias, not an interface: route reply types from currentUserSchema accept it.)
 */
export type CurrentUser = {
  /** The user's id (UUID). */
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Role code (SUPERADMIN, ADMIN, EMISOR…), whose permissions follow. */
  role: string;
  /** Platform staff (may edit the platform-wide tables and catalogs). */
  isStaff: boolean;
  /** The company this session is signed in to. */
  company: { _id: string; ruc: string; razonSocial: string };
  /** Actions allowed per resource: `{ product: ['read', 'create', …] }`. */
  permissions: Record<string, string[]>;
  /** The user signs in with a second factor (TOTP, DESIGN.md §15). */
  mfaEnabled?: boolean;
};

/** The JSON Schema of a CurrentUser in API answers (serialisation of the auth and profile routes). */
export const currentUserSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    role: { type: 'string' },
    isStaff: { type: 'boolean' },
    company: { type: 'object', properties: { _id: { type: 'string' }, ruc: { type: 'string' }, razonSocial: { type: 'string' } } },
    permissions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    mfaEnabled: { type: 'boolean' },
  },
} as const;
