import { describe, expect, it } from 'vitest';
import { afterEmptyAutorizacion, afterResend } from '../../../server/domain/comprobantes/jobs/resend-policy.ts';

describe('afterEmptyAutorizacion (zero autorizaciones)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [ago(119_999), 'poll'],
    [ago(120_000), 'resend'],
    [ago(3_600_000), 'resend'],
    [null, 'poll'],
  ] as const)('last sent %s -> %s (after 2 min)', (lastSentAt, expected) => {
    expect(afterEmptyAutorizacion({ lastSentAt, now, resendAfterMs: 120_000 })).toBe(expected);
  });
});

describe('afterResend (what the reception answered)', () => {
  it.each([
    ['RECIBIDA', [], 'received'],
    ['DEVUELTA', ['43'], 'already_there'],
    ['DEVUELTA', ['45'], 'already_there'],
    ['DEVUELTA', ['70'], 'already_there'],
    ['DEVUELTA', ['39'], 'returned'],
    ['DEVUELTA', ['65'], 'returned'],
  ] as const)('%s %j -> %s', (estado, codes, expected) => {
    expect(afterResend({ estado, mensajes: codes.map((identificador) => ({ identificador })) })).toBe(expected);
  });
});
