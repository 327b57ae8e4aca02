/**
 * TOTP (RFC 6238) with the parameters every authenticator app reads from an otpauth:// URL:
 * HMAC-SHA1, 6 digits, 30-second steps; a code is accepted one step early or late (RFC 6238 §5.2
 * allows one step of clock drift). Library: otpauth.
 */
import * as OTPAuth from 'otpauth';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now whose code is still accepted. */
const WINDOW = 1;

/** A new shared secret: 20 random bytes (RFC 4226 §4's recommended length), base32 as apps show it. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/**
 * The otpauth:// URL a QR code carries: issuer "Emite", the account as `label`.
 * @example totpUrl({ secret, label: 'ana@empresa.ec (Comercial S.A.)' }) // 'otpauth://totp/Emite:ana…?issuer=Emite&secret=…&algorithm=SHA1&digits=6&period=30'
 */
export function totpUrl(p: { secret: string; label: string }): string {
  return new OTPAuth.TOTP({ issuer: 'Emite', label: p.label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(p.secret) }).toString();
}

/**
 * The time step a 6-digit `code` belongs to, if it is the secret's code at `now` or one step
 * either side; null otherwise. The caller refuses a step it already accepted (no replays).
 */
export function totpStep(p: { secret: string; code: string; now: Date }): number | null {
  if (!/^\d{6}$/.test(p.code)) return null;
  const timestamp = p.now.getTime();
  const delta = OTPAuth.TOTP.validate({ token: p.code, secret: OTPAuth.Secret.fromBase32(p.secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, timestamp, window: WINDOW });
  return delta === null ? null : OTPAuth.TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** The current code of a secret (tests, and the e2e that plays the authenticator app). */
export function totpCode(p: { secret: string; now: Date }): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(p.secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, timestamp: p.now.getTime() });
}
