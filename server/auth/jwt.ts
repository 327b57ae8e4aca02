/**
 * Session tokens: HS256 JWT (jose) carrying user, company, token version. Only HS256 is accepted,
 * so `alg: none` and algorithm confusion fail verification.
 * Second-factor tickets (the first step of a two-step login, DESIGN.md §15) are JWTs too, signed
 * with another key derived from the same secret: a ticket never verifies as a session, nor a
 * session as a ticket.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  sub: string; // user id
  cid: string; // company id
  tv: number; // token version (revocation on password change)
}

/** What a second-factor ticket stands for: a password already checked for this user. */
export interface TicketClaims extends SessionClaims {
  /** true: the user must enrol a second factor (the company requires one) before the session. */
  setup: boolean;
}

export interface JwtService {
  sign(claims: SessionClaims): Promise<string>;
  /** @returns the claims, or null for an invalid, expired or forged token. */
  verify(token: string): Promise<SessionClaims | null>;
  /** A ticket for the second step of a login, valid {@link TICKET_TTL_SECONDS}. */
  signTicket(claims: TicketClaims): Promise<string>;
  /** @returns the ticket's claims, or null for an invalid, expired or forged ticket (or a session token). */
  verifyTicket(ticket: string): Promise<TicketClaims | null>;
}

/** Five minutes to type the code (or enrol) after the password. */
export const TICKET_TTL_SECONDS = 5 * 60;

/** Tokens already verified, kept until they expire: most API calls repeat the same token. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createJwtService(secret: string, ttlSeconds = 12 * 3600, now: () => Date = () => new Date()): JwtService {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, so a successful verification holds until `exp`
  // (checked again on every hit against the clock). Only valid tokens enter; revocation is the
  // user's token version, checked per request by the auth plugin. Saves the HMAC (0.15 ms a
  // request under load: bench/list.ts).
  const verified = new Map<string, { claims: SessionClaims; expMs: number }>();
  const ticketKey = createHmac('sha256', secret).update('emite second-factor ticket').digest();
  return {
    async signTicket(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ cid: claims.cid, tv: claims.tv, setup: claims.setup })
        .setProtectedHeader({ alg: 'HS256', typ: 'mfa-ticket' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TICKET_TTL_SECONDS)
        .sign(ticketKey);
    },
    async verifyTicket(ticket) {
      try {
        const { payload } = await jwtVerify(ticket, ticketKey, { algorithms: ['HS256'], typ: 'mfa-ticket', currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.tv !== 'number' || typeof payload.setup !== 'boolean') return null;
        return { sub: payload.sub, cid: payload.cid, tv: payload.tv, setup: payload.setup };
      } catch {
        return null;
      }
    },
    async sign(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ cid: claims.cid, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expMs > now().getTime()) return hit.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return null;
        const claims = { sub: payload.sub, cid: payload.cid, tv: payload.tv };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
