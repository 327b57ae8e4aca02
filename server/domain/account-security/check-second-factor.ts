/**
 * One attempt at a second-factor code, counted: the user's row is locked (FOR UPDATE) for the
 * attempt, so parallel guesses queue instead of slipping past the count. A 6-digit code is checked
 * as TOTP (its time step must be newer than the last accepted one: no replays); anything else as a
 * recovery code (enabled factor only), which is spent. Ten wrong codes in a row lock the second
 * factor for 15 minutes (an audit row says so); a right code resets the count.
 * The failure count is committed before the error is thrown, so a refused code still counts.
 * @throws AppError CONFLICT (no second factor, or no setup to confirm), TOO_MANY_ATTEMPTS (429,
 *   locked), MFA_CODE_INVALID (`wrongStatus`: 401 in the login, 400 on a signed-in route, where a
 *   401 would end the session), NOT_FOUND (no such user).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { recoveryCodes, users } from '../../db/schema/index-tables.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { totpStep } from './totp.ts';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import { recordSecurityEvent } from './security-events.ts';

export const MAX_WRONG_CODES = 10;
export const LOCK_MS = 15 * 60_000;

export interface SecondFactorAttempt<T> {
  companyId: string;
  userId: string;
  code: string;
  now: Date;
  /** 'enabled': the user's second factor (TOTP or a recovery code); 'pending': the secret setup showed (TOTP only). */
  against: 'enabled' | 'pending';
  /** HTTP status of a wrong code. */
  wrongStatus: 400 | 401;
  /** Runs in the attempt's transaction once the code is accepted (e.g. enable, disable). */
  onAccepted: (tx: Db, user: UserRow, accepted: { via: 'totp' | 'recovery'; step: number | null }) => Promise<T>;
}

type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'none' } | { kind: 'locked'; until: Date } | { kind: 'wrong'; lockedUntil: Date | null } | { kind: 'missing' };

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
const lockedError = (until: Date, now: Date) =>
  new AppError('TOO_MANY_ATTEMPTS', `Demasiados códigos incorrectos: el segundo factor queda bloqueado; intente de nuevo en ${minutesUntil(until, now)} min`, { status: 429 });

export async function checkSecondFactor<T>(db: Db, box: SecretBox, p: SecondFactorAttempt<T>): Promise<T> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)))
      .for('update');
    if (!user) return { kind: 'missing' };
    if (user.mfaLockedUntil && user.mfaLockedUntil.getTime() > p.now.getTime()) return { kind: 'locked', until: user.mfaLockedUntil };
    const sealed = p.against === 'pending' ? user.mfaPendingSecret : user.mfaEnabledAt ? user.mfaSecret : null;
    if (!sealed) return { kind: 'none' };
    const code = p.code.trim();
    let accepted: { via: 'totp' | 'recovery'; step: number | null } | undefined;
    const step = totpStep({ secret: box.open(sealed).toString('utf8'), code, now: p.now });
    if (step !== null && step > (user.mfaLastStep ?? -1)) accepted = { via: 'totp', step };
    else if (step === null && p.against === 'enabled' && looksLikeRecoveryCode(code)) {
      const spent = await tx
        .update(recoveryCodes)
        .set({ usedAt: p.now })
        .where(and(eq(recoveryCodes.companyId, p.companyId), eq(recoveryCodes.userId, p.userId), eq(recoveryCodes.codeHash, recoveryCodeHash(p.userId, code)), isNull(recoveryCodes.usedAt)))
        .returning({ codeHash: recoveryCodes.codeHash });
      if (spent.length) accepted = { via: 'recovery', step: null };
    }
    if (accepted) {
      await tx
        .update(users)
        .set({ mfaFailures: 0, mfaLockedUntil: null, ...(accepted.step !== null ? { mfaLastStep: accepted.step } : {}) })
        .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)));
      if (accepted.via === 'recovery') await recordSecurityEvent(tx, { companyId: p.companyId, userId: p.userId, actorId: p.userId, kind: 'recovery_code_used', at: p.now });
      return { kind: 'ok', value: await p.onAccepted(tx, user, accepted) };
    }
    const failures = user.mfaFailures + 1;
    const lockedUntil = failures >= MAX_WRONG_CODES ? new Date(p.now.getTime() + LOCK_MS) : null;
    await tx
      .update(users)
      .set({ mfaFailures: lockedUntil ? 0 : failures, mfaLockedUntil: lockedUntil })
      .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)));
    if (lockedUntil) await recordSecurityEvent(tx, { companyId: p.companyId, userId: p.userId, actorId: null, kind: 'mfa_locked', at: p.now, detail: { until: lockedUntil.toISOString() } });
    return { kind: 'wrong', lockedUntil };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.value;
    case 'missing':
      throw notFound('El usuario');
    case 'none':
      throw new AppError(
        'CONFLICT',
        p.against === 'pending' ? 'Primero genere el código QR del segundo factor (configurar) y luego confirme con un código' : 'El segundo factor no está activado',
      );
    case 'locked':
      throw lockedError(outcome.until, p.now);
    case 'wrong':
      if (outcome.lockedUntil) throw lockedError(outcome.lockedUntil, p.now);
      throw new AppError('MFA_CODE_INVALID', 'El código no es correcto o ya se usó', { status: p.wrongStatus, details: [{ path: 'code', message: 'código incorrecto' }] });
  }
}
