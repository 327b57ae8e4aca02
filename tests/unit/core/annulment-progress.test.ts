/** core/annulment-progress.ts: how an open anulación request moves on each answer of the SRI's consultation service. */
import { describe, expect, it } from 'vitest';
import { annulmentStateNote, nextAnnulmentState } from '../../../core/annulment-progress.ts';
import { ANNULMENT_STATES } from '../../../core/annulment.ts';

const retencion = { deadline: '2026-04-07', acceptanceDeadline: '2026-03-16', needsAcceptance: true } as const;
const factura = { deadline: '2026-04-07', needsAcceptance: false } as const;

describe('nextAnnulmentState', () => {
  it('ANULADO annuls an open request, whatever its state', () => {
    expect(nextAnnulmentState({ ...factura, state: 'SOLICITADA' }, 'ANULADO', '2026-03-09')).toBe('ANULADA');
    expect(nextAnnulmentState({ ...retencion, state: 'PENDIENTE_ANULAR' }, 'ANULADO', '2026-03-20')).toBe('ANULADA');
  });

  it('PENDIENTE DE ANULAR moves a SOLICITADA request once, then stays', () => {
    expect(nextAnnulmentState({ ...retencion, state: 'SOLICITADA' }, 'PENDIENTE DE ANULAR', '2026-03-09')).toBe('PENDIENTE_ANULAR');
    expect(nextAnnulmentState({ ...retencion, state: 'PENDIENTE_ANULAR' }, 'PENDIENTE DE ANULAR', '2026-03-10')).toBeNull();
  });

  it('AUTORIZADO after PENDIENTE DE ANULAR within the 5 business days: the receiver refused', () => {
    expect(nextAnnulmentState({ ...retencion, state: 'PENDIENTE_ANULAR' }, 'AUTORIZADO', '2026-03-16')).toBe('RECHAZADA');
  });

  it('AUTORIZADO once the window ended: CADUCADA (the acceptance window for 04/05/07, the online deadline otherwise)', () => {
    expect(nextAnnulmentState({ ...retencion, state: 'PENDIENTE_ANULAR' }, 'AUTORIZADO', '2026-03-17')).toBe('CADUCADA');
    expect(nextAnnulmentState({ ...retencion, state: 'SOLICITADA' }, 'AUTORIZADO', '2026-03-17')).toBe('CADUCADA');
    expect(nextAnnulmentState({ ...factura, state: 'SOLICITADA' }, 'AUTORIZADO', '2026-04-07')).toBeNull();
    expect(nextAnnulmentState({ ...factura, state: 'SOLICITADA' }, 'AUTORIZADO', '2026-04-08')).toBe('CADUCADA');
  });

  it('a SOLICITADA request the SRI still answers AUTORIZADO for, within its window, waits', () => {
    expect(nextAnnulmentState({ ...retencion, state: 'SOLICITADA' }, 'AUTORIZADO', '2026-03-10')).toBeNull();
  });

  it('NO AUTORIZADO, a refused consultation (null) and a closed request change nothing', () => {
    expect(nextAnnulmentState({ ...factura, state: 'SOLICITADA' }, 'NO AUTORIZADO', '2026-03-10')).toBeNull();
    expect(nextAnnulmentState({ ...factura, state: 'SOLICITADA' }, null, '2026-05-10')).toBeNull();
    for (const state of ['ANULADA', 'RECHAZADA', 'CADUCADA'] as const) expect(nextAnnulmentState({ ...retencion, state }, 'ANULADO', '2026-03-10')).toBeNull();
  });

  it('every state has a Spanish audit note', () => {
    for (const s of ANNULMENT_STATES) expect(annulmentStateNote(s)).toMatch(/anula|SRI|caducó/i);
  });
});
