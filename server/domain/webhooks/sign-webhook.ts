/**
 * The `X-Emite-Signature` header (DESIGN.md §9, in the style of Stripe's):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. A receiver recomputes v1 over
 * the exact bytes it got and rejects old timestamps, so a captured delivery cannot be replayed later.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Emite-Signature';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function hmacHex(secret: string, t: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
}

/**
 * @param t unix seconds of the attempt.
 * @example signatureHeader('whsec_…', 1763900000, '{"id":"evt_…"}') // 't=1763900000,v1=5f0c…'
 */
export function signatureHeader(secret: string, t: number, rawBody: string): string {
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

/**
 * Whether `header` signs `rawBody` with `secret` and its t is within `toleranceSec` (default 300)
 * of `nowSec`. Compares in constant time; any v1 of the header may match (secret rotation).
 */
export function verifySignature(p: { secret: string; header: string; rawBody: string; nowSec: number; toleranceSec?: number }): boolean {
  const parts = p.header.split(',').map((kv) => kv.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(p.nowSec - t) > (p.toleranceSec ?? 300)) return false;
  const expected = Buffer.from(hmacHex(p.secret, t, p.rawBody), 'hex');
  return parts.some(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '') && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
