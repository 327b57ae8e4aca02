/**
 * The month archive's RIDE printer (server/domain/reports/ride-printer.ts): RIDEs printed on a
 * worker thread, answered in order, a bad document failing alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startRidePrinter, type RidePrinter } from '../../../server/domain/reports/ride-printer.ts';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';
import { pdfText } from '../../e2e/steps.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let printer: RidePrinter | undefined;
afterEach(async () => {
  await printer?.close();
  printer = undefined;
});

const textOf = async (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ride-printer-')), 'ride.pdf');
  writeFileSync(file, pdf);
  return pdfText(file);
};

describe('RIDE printer on a worker thread', () => {
  it('prints several facturas in the order asked, with the authorisation and the formas de pago given once', async () => {
    printer = startRidePrinter({ formasPago: { '01': 'SIN UTILIZACION DEL SISTEMA FINANCIERO' } });
    const xml = (secuencial: number) => buildFacturaXml(sampleFactura({ secuencial }));
    const pdfs = await Promise.all([1, 2, 3].map((n) => printer!.print({ codDoc: '01', signedXml: xml(n), numeroAutorizacion: '2'.repeat(49), fechaAutorizacion: '2026-11-20T15:04:05Z', withLogo: false })));
    const texts = await Promise.all(pdfs.map(textOf));
    texts.forEach((text, i) => {
      expect(text).toContain(`001-001-${String(i + 1).padStart(9, '0')}`);
      expect(text).toContain('20/11/2026 10:04:05');
      expect(text).toContain('SIN UTILIZACION DEL SISTEMA FINANCIERO');
    });
  }, 60_000);

  it('fails a document it cannot read with the reason, and prints the next one', async () => {
    printer = startRidePrinter({ formasPago: {} });
    await expect(printer.print({ codDoc: '01', signedXml: '<factura>', withLogo: false })).rejects.toThrow(/\S/);
    const pdf = await printer.print({ codDoc: '01', signedXml: buildFacturaXml(sampleFactura({})), withLogo: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});
