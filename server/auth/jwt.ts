/**
 * Session tokens: HS256 JWT (jose) carrying user, company, token version. Only HS256 is accepted,
 * so `alg: none` and algorithm confusion fail verification.
 */
import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  sub: string; // user id
  cid: string; // company id
  tv: number; // token version (revocation on password change)
}

export interface JwtService {
  sign(claims: SessionClaims): Promise<string>;
  /** @returns the claims, or null for an invalid, expired or forged token. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createJwtService(secret: string, ttlSeconds = 12 * 3600, now: () => Date = () => new Date()): JwtService {
  const key = new TextEncoder().encode(secret);
  return {
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, cid: payload.cid, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
