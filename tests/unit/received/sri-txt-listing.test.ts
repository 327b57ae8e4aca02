/** The SRI portal's TXT listing of received comprobantes (core/sri-txt-listing.ts): encodings, quirks, rows -> keys. */
import { describe, expect, it } from 'vitest';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { decodeTxtListing, parseTxtAmount, parseTxtListing } from '../../../core/sri-txt-listing.ts';

const HEADER = 'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
const key = (codDoc: string, secuencial: number) => buildClaveAcceso({ fechaEmision: '2026-11-03', codDoc, ruc: '1790016919001', ambiente: '2', estab: '001', ptoEmi: '002', secuencial, codigoNumerico: '12345678' });
const factura = key('01', 15);
const nota = key('04', 3);
const lines = [
  HEADER,
  `1790016919001\tCOMPAÑÍA ÑANDÚ S.A.\tFactura\t001-002-000000015\t${factura}\t03/11/2026 14:05:09\t03/11/2026\t1714307103\t.31\t.05\t.36\t`,
  `1790016919001\tCOMPAÑÍA ÑANDÚ S.A.\tNota de Crédito\t001-002-000000003\t${nota}\t04/11/2026 09:00:00\t03/11/2026\t1714307103001\t10.00\t1.50\t\t001-002-000000015`,
  '',
  '',
];

describe('parseTxtListing', () => {
  it('reads a Latin-1 file: accents intact, amounts like .31, the header skipped', () => {
    const bytes = Buffer.from(lines.join('\r\n'), 'latin1');
    expect(bytes.includes(0xd1)).toBe(true); // Ñ as one Latin-1 byte, invalid UTF-8
    const entries = parseTxtListing(bytes);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      line: 2,
      row: {
        rucEmisor: '1790016919001',
        razonSocialEmisor: 'COMPAÑÍA ÑANDÚ S.A.',
        tipoComprobante: 'Factura',
        codDoc: '01',
        serie: '001-002-000000015',
        claveAcceso: factura,
        fechaAutorizacion: '2026-11-03T14:05:09',
        fechaEmision: '2026-11-03',
        identificacionReceptor: '1714307103',
        valorSinImpuestos: 0.31,
        iva: 0.05,
        importeTotal: 0.36,
        numeroDocumentoModificado: null,
      },
    });
  });

  it('reads a UTF-8 file with BOM, with an empty IMPORTE_TOTAL on the nota de crédito row and trailing blank lines', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\n'), 'utf8')]);
    const entries = parseTxtListing(bytes);
    expect(entries.map((e) => ('row' in e ? e.row.claveAcceso : e.error))).toEqual([factura, nota]);
    const nc = entries[1];
    expect(nc).toMatchObject({ line: 3, row: { tipoComprobante: 'Nota de Crédito', codDoc: '04', razonSocialEmisor: 'COMPAÑÍA ÑANDÚ S.A.', valorSinImpuestos: 10, iva: 1.5, importeTotal: null, numeroDocumentoModificado: '001-002-000000015' } });
  });

  it('reports a malformed line on its line number and keeps reading', () => {
    const bad = [HEADER, 'no es una fila', `x\ty\tFactura\t001\t${factura.slice(0, 48)}9`, `1790016919001\tX\tFactura\t001-002-000000015\t${factura}\t\t03/11/2026\t1714307103\tabc\t0\t0\t`, lines[1]].join('\n');
    const entries = parseTxtListing(bad);
    expect(entries.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(entries[0]).toEqual({ line: 2, error: 'La línea no tiene una clave de acceso (49 dígitos)' });
    expect(entries[1]).toMatchObject({ line: 3, error: expect.stringContaining('no es válida') });
    expect(entries[2]).toMatchObject({ line: 4, claveAcceso: factura, error: 'El valor valorSinImpuestos no es un número' });
    expect(entries[3]).toMatchObject({ line: 5, row: { claveAcceso: factura } });
  });

  it('without a header, takes the columns in the portal order', () => {
    expect(parseTxtListing(lines[1])[0]).toMatchObject({ line: 1, row: { claveAcceso: factura, importeTotal: 0.36 } });
  });
});

describe('helpers', () => {
  it('decodes UTF-8 (BOM dropped) and falls back to Windows-1252', () => {
    expect(decodeTxtListing(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0xc3, 0xa9]))).toBe('Cé');
    expect(decodeTxtListing(new Uint8Array([0x43, 0xe9]))).toBe('Cé');
  });
  it('reads amounts as the portal writes them', () => {
    expect([parseTxtAmount('.31'), parseTxtAmount('12,50'), parseTxtAmount('1,234.56'), parseTxtAmount(''), parseTxtAmount('x')]).toEqual([0.31, 12.5, 1234.56, null, Number.NaN]);
  });
});
