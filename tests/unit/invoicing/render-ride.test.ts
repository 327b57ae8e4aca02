import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import bwipjs from 'bwip-js/node';
import { renderRide } from '../../../server/domain/comprobantes/ride/render-ride.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';
import { facturaRide } from '../../../server/domain/comprobantes/factura/factura-ride.ts';

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const result = await parser.getText();
  await parser.destroy();
  return { text: result.text, pages: result.total };
}

describe('RIDE', () => {
  it('prints the key, RUC, buyer, lines and totals (SRI Anexo 2)', async () => {
    const doc = sampleFactura();
    const { text, pages } = await textOf(await renderRide({ doc: facturaRide(doc), labels: { formasPago: { '19': 'TARJETA DE CRÉDITO', '01': 'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO' } } }));
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      doc.infoTributaria.claveAcceso,
      'R.U.C.: 1790016919001',
      'FACTURA',
      'No. 001-001-000000001',
      'Comercial Ñandú S.A.',
      'María Fernanda Lozada',
      '1714307103',
      'PENDIENTE',
      'PRUEBAS',
      'OBLIGADO A LLEVAR CONTABILIDAD',
      'CONTRIBUYENTE RÉGIMEN RIMPE',
      'SUBTOTAL 15 %',
      'SUBTOTAL 0 %',
      'SUBTOTAL NO OBJETO DE IVA',
      'SUBTOTAL EXENTO DE IVA',
      'SUBTOTAL SIN IMPUESTOS',
      'IVA 15 %',
      'VALOR TOTAL',
      '1,935.00',
      '1,650.00',
      '247.50',
      'TARJETA DE CRÉDITO',
      'Vendedor',
    ]) {
      expect(flat, expected).toContain(expected);
    }
  });

  it('shows the authorisation date in Ecuador time once authorised', async () => {
    const doc = sampleFactura();
    const { text } = await textOf(await renderRide({ doc: facturaRide(doc), numeroAutorizacion: doc.infoTributaria.claveAcceso, fechaAutorizacion: '2026-11-20T15:04:05Z' }));
    expect(text).toContain('20/11/2026 10:04:05');
    expect(text).not.toContain('PENDIENTE');
  });

  it('runs 120 lines over several pages with every line present, and accepts a logo', async () => {
    const doc = sampleFactura({ lines: 120 });
    const logo = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'Emite' });
    const { text, pages } = await textOf(await renderRide({ doc: facturaRide(doc), logo }));
    expect(pages).toBeGreaterThan(1);
    for (let i = 0; i < 120; i += 1) expect(text).toContain(`-${i}`);
  });
});
