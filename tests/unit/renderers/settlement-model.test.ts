/**
 * The liquidación editor's model (src/renderers/comprobantes/purchase-settlement/settlement-model.ts) and "Copiar desde
 * clientes" (src/renderers/supplier/copy-from-customer.ts): which lines count (a product or a
 * description), the body the API takes (descuento always sent, a typed code kept), the live totals
 * in USD, the retención link; which customer fields make a supplier, and no consumidor final.
 */
import { describe, expect, it } from 'vitest';
import { newLine } from '../../../src/renderers/comprobante/sale-model.ts';
import { checkSettlementLines, firstSettlementLineError, fromSettlement, newWithholdingPath, NEEDS_DESCRIPTION, settlementLiveTotals, toSettlementBody } from '../../../src/renderers/comprobantes/purchase-settlement/settlement-model.ts';
import { supplierFromCustomer, supplierWithIdentificacion } from '../../../src/renderers/supplier/copy-from-customer.ts';

const RATES = { '0': 0, '4': 15 };

describe('settlement model', () => {
  const product = { ...newLine('4'), productText: 'SRV-SOP', product: 'p1', codigoPrincipal: 'SRV-SOP', descripcion: 'Soporte técnico (hora)', cantidad: '2', precioUnitario: '35', descuento: '' };
  const free = { ...newLine('0'), productText: 'PAPA-QQ', descripcion: 'Papa chola (quintal)', cantidad: '3', precioUnitario: '18.75' };
  const stray = { ...newLine('4'), productText: 'XYZ', precioUnitario: '5' };

  it('counts lines with a product or a description; a typed code without description is an error on its line', () => {
    const { counted, errors } = checkSettlementLines([product, free, newLine(), stray]);
    expect(counted.map((l) => l.descripcion)).toEqual(['Soporte técnico (hora)', 'Papa chola (quintal)']);
    expect([...errors.values()]).toEqual([NEEDS_DESCRIPTION]);
    expect(firstSettlementLineError([product, newLine(), stray])).toBe(`Línea 3: ${NEEDS_DESCRIPTION}`);
    expect(firstSettlementLineError([product, free, newLine()])).toBeUndefined();
  });

  it('totals two IVA rates to the cent: 70.00 at 15 % and 56.25 at 0 % -> 136.75', () => {
    const live = settlementLiveTotals([product, free], RATES);
    expect(live.totals).toMatchObject({ totalSinImpuestos: '126.25', iva: '10.50', importeTotal: '136.75' });
    expect(live.lineTotals.get(free.key)).toBe('56.25');
    expect(settlementLiveTotals([{ ...free, cantidad: '-1' }], RATES).error).toMatch(/^Línea 1, cantidad: /);
  });

  it('sends the supplier, descuento on every line, the product or the typed code, and reads a view back', () => {
    const body = toSettlementBody({ establishment: 'e1', ptoEmi: '001', supplier: 's1', fechaEmision: '2026-11-23', detalles: [product, free, newLine()], pagos: [{ formaPago: '20', total: '136.75' }], infoAdicional: [{ nombre: '', valor: 'x' }] });
    expect(body).toEqual({
      establishment: 'e1',
      ptoEmi: '001',
      supplier: 's1',
      fechaEmision: '2026-11-23',
      detalles: [
        { product: 'p1', codigoPrincipal: 'SRV-SOP', descripcion: 'Soporte técnico (hora)', cantidad: 2, precioUnitario: 35, descuento: 0, codigoPorcentajeIva: '4' },
        { codigoPrincipal: 'PAPA-QQ', descripcion: 'Papa chola (quintal)', cantidad: 3, precioUnitario: 18.75, descuento: 0, codigoPorcentajeIva: '0' },
      ],
      pagos: [{ formaPago: '20', total: 136.75 }],
      infoAdicional: [],
    });
    const draft = fromSettlement({ establishment: 'e1', ptoEmi: '001', supplier: 's1', fechaEmision: '2026-11-23', detalles: [{ codigoPrincipal: 'PAPA-QQ', descripcion: 'Papa', cantidad: 3, precioUnitario: 18.75, descuento: 0, codigoPorcentajeIva: '0' }], pagos: [], infoAdicional: [] });
    expect(draft.supplier).toBe('s1');
    expect(draft.detalles[0]).toMatchObject({ productText: 'PAPA-QQ', product: undefined, descripcion: 'Papa', cantidad: '3' });
    expect(toSettlementBody(draft).detalles[0]).toMatchObject({ codigoPrincipal: 'PAPA-QQ', descripcion: 'Papa' });
  });

  it('links "Emitir retención" to the retención editor beside the liquidaciones', () => {
    expect(newWithholdingPath('/purchases/purchase-settlement', 'a b')).toBe('/purchases/withholding/new?purchaseSettlement=a%20b');
  });
});

describe('copy a customer as a supplier', () => {
  it('copies identification, name, e-mail, address and phone, and nothing else', () => {
    expect(supplierFromCustomer({ _id: 'c1', tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María Fernanda Lozada', email: 'maria@example.com', direccion: 'Cuenca', telefono: ' 0991234567 ', createdAt: 'x' })).toEqual({
      body: { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María Fernanda Lozada', email: 'maria@example.com', direccion: 'Cuenca', telefono: '0991234567' },
    });
    expect(supplierFromCustomer({ _id: 'c2', tipoIdentificacion: '04', identificacion: '0190072002001', razonSocial: 'Austral', email: null })).toEqual({ body: { tipoIdentificacion: '04', identificacion: '0190072002001', razonSocial: 'Austral' } });
  });

  it('refuses a consumidor final, and finds an existing supplier by the exact identificación', () => {
    expect(supplierFromCustomer({ _id: 'cf', tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' })).toEqual({ refusal: expect.stringContaining('consumidor final') });
    const rows = [{ _id: 's1', identificacion: '17143071030' }, { _id: 's2', identificacion: '1714307103' }];
    expect(supplierWithIdentificacion(rows, '1714307103')?._id).toBe('s2');
    expect(supplierWithIdentificacion(rows, '171430710')).toBeUndefined();
  });
});
