/**
 * The withholding editor's draft from the API (src/renderers/comprobantes/withholding/withholding-model.ts): a
 * saved retención keeps its percentages, a proposal leaves them to the catalog, a null
 * numAutDocSustento of the view is not sent back, and the rest of a docSustento rides as given.
 */
import { describe, expect, it } from 'vitest';
import { fromProposal, fromWithholding, toWithholdingBody, type DocSustentoView } from '../../../src/renderers/comprobantes/withholding/withholding-model.ts';

const doc: DocSustentoView = {
  receivedDocument: '6f1c2b1e-8a8e-4d7a-9d55-1f3a0b2c4d5e',
  codSustento: '01',
  codDocSustento: '01',
  numDocSustento: '001001000000123',
  fechaEmisionDocSustento: '2026-05-02',
  numAutDocSustento: null,
  totalSinImpuestos: 100,
  importeTotal: 115,
  impuestos: [{ codImpuestoDocSustento: '2', codigoPorcentaje: '4', baseImponible: 100, tarifa: 15, valorImpuesto: 15 }],
  retenciones: [
    { codigo: '1', codigoRetencion: '312', baseImponible: 100, porcentajeRetener: 1.75, valorRetenido: 1.75 },
    { codigo: '2', codigoRetencion: '1', baseImponible: 15, porcentajeRetener: 30, valorRetenido: 4.5 },
  ],
  pagos: [{ formaPago: '20', total: 115 }],
};

describe('the withholding draft', () => {
  it('reads a saved retención with its percentages and sends back the docSustento without the null', () => {
    const draft = fromWithholding({ establishment: 'e1', ptoEmi: '001', supplier: 's1', fechaEmision: '2026-05-05', docsSustento: [doc], infoAdicional: [] });
    const [d] = draft.docsSustento;
    expect(d).not.toHaveProperty('numAutDocSustento');
    expect(d.retenciones.map((r) => [r.codigo, r.codigoRetencion, r.baseImponible, r.porcentajeRetener])).toEqual([
      ['1', '312', '100.00', '1.75'],
      ['2', '1', '15.00', '30'],
    ]);
    const [sent] = toWithholdingBody(draft).docsSustento;
    expect(sent).toMatchObject({ receivedDocument: doc.receivedDocument, codSustento: '01', numDocSustento: '001001000000123', impuestos: doc.impuestos, pagos: doc.pagos });
    expect(sent.retenciones).toEqual([
      { codigo: '1', codigoRetencion: '312', baseImponible: 100, porcentajeRetener: 1.75 },
      { codigo: '2', codigoRetencion: '1', baseImponible: 15, porcentajeRetener: 30 },
    ]);
  });

  it('takes a proposal with the percentages left to the catalog, and keeps an authorisation number given', () => {
    const p = fromProposal({ supplier: null, supplierIdentificacion: '1790016919001', supplierRazonSocial: 'Proveedor', fechaEmision: '2026-05-05', docsSustento: [{ ...doc, numAutDocSustento: '1'.repeat(49) }], warnings: [] });
    expect(p.supplier).toBeUndefined();
    expect(p.docsSustento[0].numAutDocSustento).toBe('1'.repeat(49));
    expect(p.docsSustento[0].retenciones.map((r) => r.porcentajeRetener)).toEqual(['', '']);
  });
});
