/**
 * What an Emite API key looks like (`emk_` and 43 base64url characters: 32 random bytes) and the
 * sha256 it is stored and looked up under; the key itself is shown once and never stored.
 */
import { hashToken } from './one-time-token.ts';

export const API_KEY_PREFIX = 'emk_';
/** A whole key: the prefix and 32 random bytes in base64url. */
export const API_KEY_PATTERN = /^emk_[A-Za-z0-9_-]{43}$/;

/** The sha256 (hex) a key is stored under, or undefined when `key` is not shaped like one of ours. */
export function apiKeyHash(key: string): string | undefined {
  return API_KEY_PATTERN.test(key) ? hashToken(key) : undefined;
}
