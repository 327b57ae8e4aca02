/** Single-use tokens for mailed links: 32 random bytes (base64url) sent; only sha256 stored. */
import { createHash, randomBytes } from 'node:crypto';

export const ACTIVATION_TTL_MS = 48 * 3600 * 1000;
export const RESET_TTL_MS = 3600 * 1000;
/** A link confirming a new e-mail address (sent to that address). */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600 * 1000;

export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
