/** CSV cells both ways, line numbers of rows, separator detection and upload decoding. */
import { describe, expect, it } from 'vitest';
import { formatCell, parseCell } from '../../../server/domain/csv/csv-cells.ts';
import { detectDelimiter, readCsv } from '../../../server/domain/csv/read-csv.ts';
import { decodeCsvBody } from '../../../server/http/csv-body.ts';

describe('cells', () => {
  it('writes plain decimals, sí/no, JSON and formula-safe text', () => {
    expect(formatCell(12.5, 'money')).toBe('12.50');
    expect(formatCell(0.091234, 'money')).toBe('0.091234');
    expect(formatCell(1e21)).toBe('1000000000000000000000');
    expect(formatCell(-3)).toBe('-3');
    expect(formatCell(true)).toBe('sí');
    expect(formatCell(null)).toBe('');
    expect(formatCell([{ a: 1 }])).toBe('[{"a":1}]');
    expect(formatCell('=1+1')).toBe("'=1+1");
    expect(formatCell('-promo')).toBe("'-promo");
  });

  it('reads back what it writes, and what Excel in Spanish writes', () => {
    const num = { type: 'number' };
    const text = { type: 'string' };
    expect(parseCell(formatCell(0.091234, 'money'), num)).toBe(0.091234);
    expect(parseCell('12,50', num)).toBe(12.5);
    expect(parseCell('doce', num)).toBe('doce');
    expect(parseCell(formatCell('=1+1'), text)).toBe('=1+1');
    expect(parseCell("'hola", text)).toBe("'hola");
    expect(parseCell(' ', text)).toBeNull();
    expect(parseCell('Sí', { type: 'boolean' })).toBe(true);
    expect(parseCell('no', { type: 'boolean' })).toBe(false);
  });

  it('excel-es: decimal commas, dd/mm/aaaa, digit strings Excel would spoil kept as text, and read back', () => {
    expect(formatCell(1002.5, 'money', 'excel-es')).toBe('1002,50');
    expect(formatCell('2026-11-20', 'date', 'excel-es')).toBe('20/11/2026');
    expect(formatCell('0912345678', undefined, 'excel-es')).toBe('="0912345678"');
    expect(formatCell('1714307103', undefined, 'excel-es')).toBe('1714307103');
    expect(formatCell('001-001-000000001', undefined, 'excel-es')).toBe('001-001-000000001');
    expect(parseCell(formatCell('0912345678', undefined, 'excel-es'), { type: 'string' })).toBe('0912345678');
    expect(parseCell(formatCell(12.5, 'money', 'excel-es'), { type: 'number' })).toBe(12.5);
  });
});

describe('readCsv', () => {
  it('numbers rows by the line they start on, past blank lines and quoted line breaks', () => {
    const read = readCsv('\uFEFFa;b\r\n1;"x\r\ny"\r\n\r\n3;4\r\n');
    expect(read).toEqual({
      ok: true,
      delimiter: ';',
      header: ['a', 'b'],
      rows: [
        { line: 2, cells: ['1', 'x\ny'] },
        { line: 5, cells: ['3', '4'] },
      ],
    });
  });

  it('says where a quote is left open', () => {
    expect(readCsv('a,b\n1,"x\n2,3\n')).toMatchObject({ ok: false, message: expect.stringContaining('comillas') });
  });

  it('detects the separator from the header line, ignoring quoted text', () => {
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('Código;Descripción;Precio\n1;a,b;2')).toBe(';');
  });
});

it('decodes UTF-8 uploads and falls back to Windows-1252', () => {
  expect(decodeCsvBody(Buffer.from('Código', 'utf8'))).toBe('Código');
  expect(decodeCsvBody(Buffer.from('Código', 'latin1'))).toBe('Código');
});
