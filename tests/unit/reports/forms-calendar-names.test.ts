/**
 * Formularios 104 and 103 on the worked months (values by hand in ats-months.ts), ATS name
 * transliteration, and the due-date table by the RUC's ninth digit.
 */
import { describe, expect, it } from 'vitest';
import { form104 } from '../../../server/domain/reports/forms/form-104.ts';
import { form103, rentaBoxes } from '../../../server/domain/reports/forms/form-103.ts';
import { atsName } from '../../../server/domain/reports/ats/transliterate.ts';
import { businessDueDate, dueDate, nextObligations } from '../../../core/tax-calendar.ts';
import { aprilMonth, emptyMonth, marchMonth } from './ats-months.ts';

const values = (r: ReturnType<typeof form104>) => Object.fromEntries(r.casilleros.filter((c) => c.valor !== 0).map((c) => [c.codigo, c.valor]));
const docs = (r: ReturnType<typeof form104>, codigo: string) => r.casilleros.find((c) => c.codigo === codigo)?.documents;

describe('formulario 104', () => {
  it('March: sales 300 at 15 %, purchase 200 + 50 with crédito tributario, 13.50 withheld from us, 9.00 withheld by us', () => {
    const f = form104(marchMonth());
    expect(values(f)).toEqual({ '401': 300, '411': 300, '421': 45, '409': 300, '419': 300, '429': 45, '500': 200, '510': 200, '520': 30, '507': 50, '517': 50, '509': 250, '519': 250, '529': 30, '609': 13.5, '725': 9, '799': 9 });
    expect(docs(f, '401')).toBe(2);
    expect(docs(f, '409')).toBe(2);
    expect(f.contributions.filter((c) => c.codigo === '401').map((c) => [c.doc._id, c.valor])).toEqual([
      ['f-1', '150.00'],
      ['f-2', '150.00'],
    ]);
  });

  it('April: notas de crédito lower the neto and impuesto boxes, never the bruto', () => {
    const f = form104(aprilMonth());
    // Ventas: 100 at 15 % less the NC 10 (IVA 15 - 1.50), 40 at 0 %. Compras: the received NC -20 / -3.
    expect(values(f)).toEqual({ '401': 100, '411': 90, '421': 13.5, '403': 40, '413': 40, '409': 140, '419': 130, '429': 13.5, '510': -20, '520': -3, '519': -20, '529': -3 });
    expect(f.contributions.filter((c) => c.codigo === '411').map((c) => c.valor)).toEqual(['100.00', '-10.00']);
  });

  it('an empty month has every casillero at 0 and no documents', () => {
    const f = form104(emptyMonth());
    expect(f.casilleros.every((c) => c.valor === 0 && c.documents === 0)).toBe(true);
    expect(f.casilleros.map((c) => c.codigo)).toContain('799');
  });
});

describe('formulario 103', () => {
  it('March: concept 312 base 250.00 and 4.38 withheld, in boxes 312/362, and the totals', () => {
    const f = form103(marchMonth());
    expect(f.casilleros.map((c) => [c.codigo, c.valor, c.documents])).toEqual([
      ['312', 250, 1],
      ['362', 4.38, 1],
      ['349', 250, 1],
      ['399', 4.38, 1],
      ['499', 4.38, 1],
    ]);
    expect(f.casilleros[0].label).toBe('Transferencia de bienes muebles de naturaleza corporal — base imponible');
  });

  it('pairs base and valor boxes as the form does', () => {
    expect(rentaBoxes('303')).toEqual({ base: '303', valor: '353' });
    expect(rentaBoxes('304B')).toEqual({ base: '304', valor: '354' });
    expect(rentaBoxes('3440')).toEqual({ base: '3440', valor: '3940' });
    expect(rentaBoxes('312A')).toEqual({ base: '3120', valor: '3620' });
    expect(rentaBoxes('332')).toEqual({ base: '332', valor: null });
  });

  it('April and an empty month: only the totals, at 0', () => {
    for (const f of [form103(aprilMonth()), form103(emptyMonth())]) expect(f.casilleros.map((c) => [c.codigo, c.valor])).toEqual([['349', 0], ['399', 0], ['499', 0]]);
  });
});

describe('names as the ATS XSD allows them', () => {
  it.each([
    ['Emite Demo S.A.', 'EMITE DEMO SA'],
    ['Distribuidora Ñandú & Cía. S.A.', 'DISTRIBUIDORA NANDU Y CIA SA'],
    ["O'Higgins-Pérez, José", 'OHIGGINS PEREZ JOSE'],
    ['  Straße   Müller\tGmbH ', 'STRASSE MULLER GMBH'],
    ['Ærø Øst', 'AERO OST'],
    ['北京', ''],
  ])('%s -> %s', (name, expected) => {
    expect(atsName(name)).toBe(expected);
  });
});

describe('due dates by the ninth digit of the RUC', () => {
  it.each([
    ['1', '2026-03-10'],
    ['2', '2026-03-12'],
    ['3', '2026-03-16'], // the 14th is a Saturday
    ['4', '2026-03-16'],
    ['5', '2026-03-18'],
    ['6', '2026-03-20'],
    ['7', '2026-03-23'], // the 22nd is a Sunday
    ['8', '2026-03-24'],
    ['9', '2026-03-26'],
    ['0', '2026-03-30'], // the 28th is a Saturday: Monday the 30th
  ])('digit %s: the 104 of February 2026', (digit, expected) => {
    expect(dueDate({ ruc: `17900123${digit}0001`, code: 'FORM_104', period: '2026-02' })).toBe(expected);
  });

  it('the ATS is due the month after next; the 103 with the 104; contribuyentes especiales on the 9th', () => {
    const ruc = '1790012345001'; // ninth digit 4
    expect(dueDate({ ruc, code: 'ATS', period: '2026-03' })).toBe('2026-05-18'); // 16 May 2026 is a Saturday
    expect(dueDate({ ruc, code: 'FORM_103', period: '2026-03' })).toBe('2026-04-16');
    expect(dueDate({ ruc, code: 'FORM_104', period: '2026-03', contribuyenteEspecial: true })).toBe('2026-04-09');
    expect(dueDate({ ruc, code: 'ATS', period: '2026-03', contribuyenteEspecial: true })).toBe('2026-05-18');
  });

  it('moves a due day on a holiday forward, and back when forward leaves the month', () => {
    expect(businessDueDate('2026-08-10')).toBe('2026-08-11'); // Primer Grito de Independencia, a Monday
    expect(businessDueDate('2026-02-16')).toBe('2026-02-18'); // Carnaval, Monday and Tuesday
    expect(businessDueDate('2026-02-28')).toBe('2026-02-27'); // Saturday; March 2 is the next month
    expect(businessDueDate('2026-04-03')).toBe('2026-04-06'); // Viernes Santo
  });

  it('lists what is due next, soonest first', () => {
    const next = nextObligations({ ruc: '1790012345001', today: '2026-04-02' });
    expect(next.map((o) => [o.code, o.period, o.dueDate])).toEqual([
      ['FORM_104', '2026-03', '2026-04-16'],
      ['FORM_103', '2026-03', '2026-04-16'],
      ['ATS', '2026-02', '2026-04-16'],
    ]);
    // The day after, the next month's forms and ATS.
    expect(nextObligations({ ruc: '1790012345001', today: '2026-04-17' }).map((o) => [o.code, o.period, o.dueDate])).toEqual([
      ['FORM_104', '2026-04', '2026-05-18'],
      ['FORM_103', '2026-04', '2026-05-18'],
      ['ATS', '2026-03', '2026-05-18'],
    ]);
  });
});
