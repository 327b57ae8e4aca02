/**
 * The anulación deadline calendar and rules (core/ecuador-holidays.ts, core/annulment-rules.ts;
 * shared/sri/ANULACION.md §1): day 7 of the month after emission moved over weekends and days of
 * rest (as moved by the law or a decree), the receiver's 5 business days, and every refusal per type
 * and receiver.
 */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, HOLIDAYS, holidaysOf, isBusinessDay, nextBusinessDay } from '../../../core/ecuador-holidays.ts';
import { acceptanceDeadline, annulmentDeadline, annulmentRefusal, needsReceiverAcceptance, type AnnulmentCandidate } from '../../../core/annulment-rules.ts';

describe('days of rest', () => {
  it('rests on the moved day, not the commemorated one (2025: 1 May Thursday -> Friday 2; 2 Nov Sunday -> Tuesday 4)', () => {
    expect(isBusinessDay('2025-05-01')).toBe(true);
    expect(isBusinessDay('2025-05-02')).toBe(false);
    expect(isBusinessDay('2025-11-03')).toBe(false);
    expect(isBusinessDay('2025-11-04')).toBe(false);
    expect(isBusinessDay('2025-11-05')).toBe(true);
  });

  it('keeps decreed days (2 and 3 January 2025, 31 October 2025) and leaves out a day to be worked back (2 January 2026)', () => {
    expect(isBusinessDay('2025-01-02')).toBe(false);
    expect(isBusinessDay('2025-01-03')).toBe(false);
    expect(isBusinessDay('2025-10-31')).toBe(false);
    expect(isBusinessDay('2026-01-02')).toBe(true);
  });

  it('every listed day names its source, and a moved one the date it stands for', () => {
    for (const h of HOLIDAYS) {
      expect(h.source.length).toBeGreaterThan(20);
      expect(h.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (h.movedFrom) expect(h.movedFrom).not.toBe(h.date);
    }
    expect(holidaysOf(2026).size).toBe(11);
  });

  it('a year not listed follows the law\'s rule: Carnaval from Easter, Tuesday to Monday, Saturday to Friday', () => {
    // 2030: Easter 21 April -> Carnaval 4-5 March, Viernes Santo 19 April; 10 Aug Saturday -> Friday 9; 1 May Wednesday -> Friday 3.
    const y2030 = holidaysOf(2030);
    for (const d of ['2030-03-04', '2030-03-05', '2030-04-19', '2030-08-09', '2030-05-03', '2030-01-01', '2030-12-25']) expect(y2030.has(d), d).toBe(true);
    expect(y2030.has('2030-05-01')).toBe(false);
    // 1 January 2028 is a Saturday: the rest is Friday 31 December 2027.
    expect(isBusinessDay('2027-12-31')).toBe(false);
  });

  it('counts business days over weekends and Carnaval', () => {
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18');
    expect(nextBusinessDay('2026-02-18')).toBe('2026-02-18');
    expect(addBusinessDays('2026-02-13', 5)).toBe('2026-02-24');
    expect(addBusinessDays('2026-03-02', 5)).toBe('2026-03-09');
  });
});

describe('annulmentDeadline: day 7 of the next month, or the next business day', () => {
  it.each([
    ['2025-12-10', '2026-01-07', 'a Wednesday'],
    ['2026-01-15', '2026-02-09', '7 Feb 2026 is a Saturday'],
    ['2026-01-31', '2026-02-09', 'the last day of a month'],
    ['2026-02-28', '2026-03-09', 'February: 7 March 2026 is a Saturday'],
    ['2026-12-31', '2027-01-07', 'December: next year'],
    ['2023-03-15', '2023-04-10', '7 April 2023 was Viernes Santo'],
    ['2005-01-20', '2005-02-09', '7 and 8 February 2005 were Carnaval'],
  ])('%s -> %s (%s)', (fecha, deadline) => {
    expect(annulmentDeadline(fecha)).toBe(deadline);
  });
});

describe('receiver acceptance', () => {
  it('retención, nota de crédito and nota de débito need it; factura, liquidación and guía do not', () => {
    for (const codDoc of ['04', '05', '07']) expect(needsReceiverAcceptance(codDoc, '04')).toBe(true);
    for (const codDoc of ['01', '03', '06']) expect(needsReceiverAcceptance(codDoc, '05')).toBe(false);
  });

  it('not when the receiver is identified by passport (06) or as foreign (08)', () => {
    expect(needsReceiverAcceptance('07', '06')).toBe(false);
    expect(needsReceiverAcceptance('04', '08')).toBe(false);
    expect(needsReceiverAcceptance('05', '05')).toBe(true);
  });

  it('the window is the 5th business day after the request', () => {
    expect(acceptanceDeadline('2026-02-13')).toBe('2026-02-24');
  });
});

describe('annulmentRefusal', () => {
  const authorised = (over: Partial<AnnulmentCandidate> = {}): AnnulmentCandidate => ({ codDoc: '01', status: 'AUTORIZADA', fechaEmision: '2026-03-10', tipoIdentificacionReceptor: '05', identificacionReceptor: '1714307103', ...over });

  it('allows an authorised factura up to its deadline day, inclusive', () => {
    expect(annulmentRefusal(authorised(), '2026-03-10')).toBeNull();
    expect(annulmentRefusal(authorised(), '2026-04-07')).toBeNull();
  });

  it('after the deadline a sale is undone with a nota de crédito; other types cannot be annulled online', () => {
    const factura = annulmentRefusal(authorised(), '2026-04-08');
    expect(factura).toMatchObject({ reason: 'deadline', kind: 'rule', alternative: 'credit-note', message: expect.stringMatching(/venció el 07\/04\/2026.*Emita una nota de crédito/) });
    expect(annulmentRefusal(authorised({ codDoc: '03' }), '2026-04-08')?.alternative).toBe('credit-note');
    const retencion = annulmentRefusal(authorised({ codDoc: '07', tipoIdentificacionReceptor: '04' }), '2026-04-08');
    expect(retencion).toMatchObject({ reason: 'deadline' });
    expect(retencion?.alternative).toBeUndefined();
  });

  it('never a consumidor final factura, by type 07 or by the 9999999999999 identification', () => {
    expect(annulmentRefusal(authorised({ tipoIdentificacionReceptor: '07', identificacionReceptor: '9999999999999' }), '2026-03-11')).toMatchObject({ reason: 'consumidor_final', message: expect.stringMatching(/consumidor final no se puede anular/) });
    expect(annulmentRefusal(authorised({ tipoIdentificacionReceptor: undefined, identificacionReceptor: '9999999999999' }), '2026-03-11')?.reason).toBe('consumidor_final');
  });

  it('only an authorised comprobante, saying what to do instead', () => {
    expect(annulmentRefusal(authorised({ status: 'BORRADOR' }), '2026-03-11')).toMatchObject({ reason: 'status', message: expect.stringMatching(/modifíquelo o elimínelo/) });
    expect(annulmentRefusal(authorised({ status: 'DEVUELTA' }), '2026-03-11')?.message).toMatch(/emita uno nuevo/);
    expect(annulmentRefusal(authorised({ status: 'RECIBIDA' }), '2026-03-11')?.message).toMatch(/Consulte la autorización/);
  });

  it('a second request while one is open, or an annulled one, is a conflict', () => {
    expect(annulmentRefusal(authorised({ annulment: { state: 'SOLICITADA' } }), '2026-03-11')).toMatchObject({ reason: 'open', kind: 'conflict' });
    expect(annulmentRefusal(authorised({ annulment: { state: 'PENDIENTE_ANULAR' } }), '2026-03-11')?.kind).toBe('conflict');
    expect(annulmentRefusal(authorised({ status: 'ANULADA', annulment: { state: 'ANULADA' } }), '2026-03-11')).toMatchObject({ reason: 'already', kind: 'conflict' });
    // A refused or lapsed request may be made again while the deadline lasts.
    expect(annulmentRefusal(authorised({ annulment: { state: 'RECHAZADA' } }), '2026-03-11')).toBeNull();
    expect(annulmentRefusal(authorised({ annulment: { state: 'CADUCADA' } }), '2026-03-11')).toBeNull();
  });
});
