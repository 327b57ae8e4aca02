/** Session tokens: a verification is remembered until the token expires, never past it. */
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createJwtService } from '../../../server/auth/jwt.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('createJwtService', () => {
  it('accepts a token again from its cache only until it expires', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const jwt = createJwtService(SECRET, 60, () => now);
    const token = await jwt.sign({ sub: 'u1', cid: 'c1', tv: 3 });
    expect(await jwt.verify(token)).toEqual({ sub: 'u1', cid: 'c1', tv: 3 });
    now = new Date('2026-11-20T10:00:59Z');
    expect(await jwt.verify(token)).toEqual({ sub: 'u1', cid: 'c1', tv: 3 });
    now = new Date('2026-11-20T10:01:01Z');
    expect(await jwt.verify(token)).toBeNull();
    expect(await jwt.verify(token)).toBeNull();
  });

  it('never caches a refusal into an acceptance: forged and tampered tokens stay refused', async () => {
    const jwt = createJwtService(SECRET);
    const forged = await new SignJWT({ cid: 'c1', tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another-0000'));
    expect(await jwt.verify(forged)).toBeNull();
    expect(await jwt.verify(forged)).toBeNull();
    const good = await jwt.sign({ sub: 'u1', cid: 'c1', tv: 0 });
    expect(await jwt.verify(good)).not.toBeNull();
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await jwt.verify(tampered)).toBeNull();
  });
});
