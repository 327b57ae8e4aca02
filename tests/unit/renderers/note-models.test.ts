import { describe, expect, it } from 'vitest';
import { IVA_RATES } from '../../../core/totals.ts';
import { firstLineError, liveTotals } from '../../../src/renderers/comprobante/sale-model.ts';
import { creditNoteFromInvoice, creditNoteProblem, fromCreditNote, toCreditNoteBody } from '../../../src/renderers/comprobantes/credit-note/credit-note-model.ts';
import { debitNoteFromInvoice, debitNoteProblem, debitNoteTotals, fromDebitNote, newMotivo, toDebitNoteBody } from '../../../src/renderers/comprobantes/debit-note/debit-note-model.ts';
import { newNotePath, noteBlocker, siblingPath } from '../../../src/renderers/comprobante/notes/note-links.ts';

/** An authorised factura as GET /api/invoice/{_id} answers: two IVA rates, a 6-decimal quantity. */
const factura = {
  _id: 'f1',
  status: 'AUTORIZADA',
  numero: '001-002-000000123',
  establishment: 'e2',
  ptoEmi: '002',
  customer: 'c1',
  identificacionComprador: '1714307103',
  razonSocialComprador: 'María Lozada',
  fechaEmision: '2026-11-02',
  detalles: [
    { product: 'p1', codigoPrincipal: 'SILLA-01', descripcion: 'Silla ergonómica', cantidad: 3, precioUnitario: 120, descuento: 60, codigoPorcentajeIva: '4' },
    { product: 'p2', codigoPrincipal: 'LIB-99', descripcion: 'Manual de tributación', cantidad: 1.5, precioUnitario: 30, descuento: 0, codigoPorcentajeIva: '0' },
  ],
  totalConImpuestos: [
    { codigo: '2', codigoPorcentaje: '0', tarifa: 0, baseImponible: 45, valor: 0 },
    { codigo: '2', codigoPorcentaje: '4', tarifa: 15, baseImponible: 300, valor: 45 },
  ],
  pagos: [{ formaPago: '20', total: 390 }],
  infoAdicional: [{ nombre: 'Vendedor', valor: 'Ana' }],
  importeTotal: 390,
};

describe('a nota de crédito drafted from its factura', () => {
  it("starts from the factura's emission point and every line as sold, without its payments or additional info", () => {
    const d = creditNoteFromInvoice(factura, '2026-11-23');
    expect(d).toMatchObject({ invoice: 'f1', motivo: '', establishment: 'e2', ptoEmi: '002', fechaEmision: '2026-11-23', infoAdicional: [] });
    expect(d.detalles.map((l) => [l.productText, l.cantidad, l.precioUnitario, l.descuento, l.codigoPorcentajeIva])).toEqual([
      ['SILLA-01', '3', '120.00', '60.00', '4'],
      ['LIB-99', '1.5', '30.00', '0.00', '0'],
    ]);
    // unchanged, it credits the whole factura
    expect(liveTotals(d.detalles, IVA_RATES).totals?.importeTotal).toBe('390.00');
  });

  it('sends the lines left after the user removes one and reduces another, with their codes, and the motivo', () => {
    const d = creditNoteFromInvoice(factura, '2026-11-23');
    const edited = { ...d, motivo: '  Devolución de una silla ', detalles: [{ ...d.detalles[0], cantidad: '1', descuento: '0' }] };
    expect(creditNoteProblem(edited)).toBeUndefined();
    expect(liveTotals(edited.detalles, IVA_RATES).totals?.importeTotal).toBe('138.00'); // 120 + 15 %
    expect(toCreditNoteBody(edited)).toEqual({
      invoice: 'f1',
      motivo: 'Devolución de una silla',
      establishment: 'e2',
      ptoEmi: '002',
      fechaEmision: '2026-11-23',
      detalles: [{ product: 'p1', codigoPrincipal: 'SILLA-01', descripcion: 'Silla ergonómica', cantidad: 1, precioUnitario: 120, descuento: 0, codigoPorcentajeIva: '4' }],
      infoAdicional: [],
    });
  });

  it('will not save without a factura or a motivo, and says which', () => {
    const d = creditNoteFromInvoice(factura, '2026-11-23');
    expect(creditNoteProblem(d)).toBe('Escriba la razón de la modificación');
    expect(creditNoteProblem({ ...d, invoice: undefined, motivo: 'x' })).toBe('Elija la factura que modifica la nota de crédito');
  });

  it('reopens a saved nota with its motivo and lines', () => {
    const saved = { ...factura, _id: 'n1', invoice: 'f1', motivo: 'Descuento', status: 'BORRADOR', detalles: [factura.detalles[1]] };
    const d = fromCreditNote(saved);
    expect(d).toMatchObject({ invoice: 'f1', motivo: 'Descuento', establishment: 'e2', ptoEmi: '002' });
    expect(toCreditNoteBody(d).detalles).toEqual([{ product: 'p2', codigoPrincipal: 'LIB-99', descripcion: 'Manual de tributación', cantidad: 1.5, precioUnitario: 30, descuento: 0, codigoPorcentajeIva: '0' }]);
  });
});

describe('a nota de débito drafted from its factura', () => {
  it("charges at the factura's taxed rate by default and totals its razones as base + IVA", () => {
    const d = debitNoteFromInvoice(factura, '2026-11-23');
    expect(d).toMatchObject({ invoice: 'f1', establishment: 'e2', ptoEmi: '002', codigoPorcentajeIva: '4', pagos: [] });
    const motivos = [
      { ...newMotivo(), razon: 'Intereses por mora', valor: '10' },
      { ...newMotivo(), razon: 'Gastos de cobranza', valor: '5.50' },
      newMotivo(), // an untouched row is neither counted nor an error
    ];
    expect(debitNoteTotals(motivos, '4', IVA_RATES).totals).toMatchObject({ totalSinImpuestos: '15.50', importeTotal: '17.83' });
    expect(debitNoteTotals(motivos, '0', IVA_RATES).totals?.importeTotal).toBe('15.50');
    expect(toDebitNoteBody({ ...d, motivos, pagos: [{ formaPago: '01', total: '17.83' }] })).toEqual({
      invoice: 'f1',
      establishment: 'e2',
      ptoEmi: '002',
      fechaEmision: '2026-11-23',
      codigoPorcentajeIva: '4',
      motivos: [
        { razon: 'Intereses por mora', valor: 10 },
        { razon: 'Gastos de cobranza', valor: 5.5 },
      ],
      pagos: [{ formaPago: '01', total: 17.83 }],
      infoAdicional: [],
    });
  });

  it('names the razón that cannot be counted, and refuses a nota without razones', () => {
    expect(debitNoteTotals([{ ...newMotivo(), razon: 'Intereses', valor: '0' }], '4', IVA_RATES)).toEqual({ totals: null, error: 'Motivo 1: el valor debe ser mayor que 0' });
    expect(debitNoteTotals([newMotivo(), { ...newMotivo(), valor: '3' }], '4', IVA_RATES).error).toBe('Motivo 2: escriba la razón');
    expect(debitNoteProblem(debitNoteFromInvoice(factura, '2026-11-23'))).toBe('Agregue al menos una razón con su valor');
  });

  it('reopens a saved nota with its razones as typed text', () => {
    const d = fromDebitNote({ _id: 'd1', invoice: 'f1', codigoPorcentajeIva: '0', motivos: [{ razon: 'Flete', valor: 12.5 }], pagos: [{ formaPago: '20', total: 12.5 }] });
    expect(d.motivos.map((m) => [m.razon, m.valor])).toEqual([['Flete', '12.5']]);
    expect(d.pagos).toEqual([{ formaPago: '20', total: '12.5', plazo: undefined, unidadTiempo: undefined }]);
  });
});

describe('links between a factura and its notas', () => {
  it('opens the nota beside the factura, with the factura in the query', () => {
    expect(siblingPath('/invoicing/invoice', 'credit-note')).toBe('/invoicing/credit-note');
    expect(newNotePath('/invoicing/invoice', 'debit-note', 'f 1')).toBe('/invoicing/debit-note/new?invoice=f%201');
  });

  it('says why a factura takes no nota: not authorised, consumidor final (credit only), nothing left to credit', () => {
    expect(noteBlocker(factura, 'credit-note', 100)).toBeUndefined();
    expect(noteBlocker({ ...factura, status: 'BORRADOR' }, 'debit-note')).toBe('Solo se emiten notas sobre facturas autorizadas por el SRI');
    const cf = { ...factura, identificacionComprador: '9999999999999' };
    expect(noteBlocker(cf, 'credit-note')).toBe('No se emiten notas de crédito sobre facturas a consumidor final');
    expect(noteBlocker(cf, 'debit-note')).toBe('No se emiten notas de débito sobre facturas a consumidor final');
    expect(noteBlocker(factura, 'credit-note', 0)).toBe('La factura ya no tiene saldo por acreditar');
  });

  it("names the first line the editors would not save, as the user counts them", () => {
    const d = creditNoteFromInvoice(factura, '2026-11-23');
    expect(firstLineError(d.detalles)).toBeUndefined();
    expect(firstLineError([d.detalles[0], { ...d.detalles[1], product: undefined, productText: 'X' }])).toBe('Línea 2: Elija un producto de la lista o quite la línea');
  });
});
