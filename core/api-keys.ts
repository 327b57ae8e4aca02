/**
 * The API-key answers of `/api/admin/api-key` (DESIGN.md §9), shared by the server (domain/api-keys)
 * and the SPA (engine/api-keys.ts). Types only; dates are ISO 8601 strings.
 */

/** A key as listed: never the key itself, only its first characters (`prefix`). */
export interface ApiKeyView {
  _id: string;
  name: string;
  /** The role whose permissions the key has (core/roles.ts). */
  role: string;
  prefix: string;
  /** Who created it: the user's id and full name (null when that user was deleted). */
  createdBy: { _id: string; name: string } | null;
  createdAt: string;
  /** Last request made with it, to the minute; null when never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a create (201): the only time the whole key (`emk_…`) is shown. */
export interface CreatedApiKey {
  _id: string;
  name: string;
  role: string;
  prefix: string;
  /** The key itself: shown only in this answer. */
  key: string;
}
