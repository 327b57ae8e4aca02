/**
 * Recovery codes: ten single-use codes shown once at enrolment, for a lost phone. Each is 10
 * characters from a 31-letter alphabet without look-alikes (0/o, 1/l/i): about 49.5 bits, shown as
 * `xxxxx-xxxxx`. They are random, not chosen by people, so a plain sha256 (salted with the user id)
 * is enough to keep them useless in a copy of the database; a slow hash would add nothing.
 */
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** `RECOVERY_CODE_COUNT` new codes, formatted `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the user typed, as stored: lower case, without blanks or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Whether typed text has the shape of a recovery code (not of a 6-digit TOTP code). */
export const looksLikeRecoveryCode = (code: string) => new RegExp(`^[${ALPHABET}]{10}$`).test(normalizeRecoveryCode(code));

/** The stored hash of a code for one user (hex sha256). */
export function recoveryCodeHash(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${normalizeRecoveryCode(code)}`).digest('hex');
}
