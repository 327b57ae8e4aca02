/**
 * The month archive's zip writer (server/domain/reports/zip-writer.ts): what it writes opens with
 * fflate and with Info-ZIP's `unzip -t` (CRCs, sizes, names), deflated and stored entries come back
 * byte for byte, UTF-8 names survive, and past 65,535 entries (a 50,000-document month with its
 * RIDEs has 100,001) the ZIP64 end records carry the real count.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { ZipWriter } from '../../../server/domain/reports/zip-writer.ts';

function build(add: (zip: ZipWriter) => void): Buffer {
  const chunks: Buffer[] = [];
  const zip = new ZipWriter((c) => chunks.push(c), new Date(2026, 2, 31, 23, 59, 58));
  add(zip);
  zip.end();
  return Buffer.concat(chunks);
}

/** Info-ZIP's verdict on the zip's bytes (`unzip -tq`) and its listing (`zipinfo -1`). */
function infoZip(bytes: Buffer): { test: string; names: string[]; status: number | null } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, bytes);
    const test = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
    const list = spawnSync('zipinfo', ['-1', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
    return { test: test.stdout + test.stderr, names: list.stdout.split('\n').filter(Boolean), status: test.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ZipWriter', () => {
  it('writes deflated XML and a stored PDF that read back byte for byte, under UTF-8 names', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><factura>${'<detalle>Café ñandú 15 %</detalle>'.repeat(400)}</factura>`;
    const pdf = Buffer.from('%PDF-1.3\n' + 'x'.repeat(3000));
    const bytes = build((zip) => {
      zip.add('emitidos/01-facturas/factura-001-001-000000001.xml', Buffer.from(xml), { deflate: true });
      zip.add('emitidos/01-facturas/factura-001-001-000000001.pdf', pdf, { deflate: false });
      zip.add('LEEME-años.txt', Buffer.from('Comprobantes electrónicos\r\n'), { deflate: true });
    });
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(['emitidos/01-facturas/factura-001-001-000000001.xml', 'emitidos/01-facturas/factura-001-001-000000001.pdf', 'LEEME-años.txt']);
    expect(strFromU8(files['emitidos/01-facturas/factura-001-001-000000001.xml'])).toBe(xml);
    expect(Buffer.from(files['emitidos/01-facturas/factura-001-001-000000001.pdf']).equals(pdf)).toBe(true);
    expect(strFromU8(files['LEEME-años.txt'])).toBe('Comprobantes electrónicos\r\n');
    // The XML is compressed (it repeats), the PDF is not touched.
    expect(bytes.length).toBeLessThan(xml.length / 4 + pdf.length);
    const info = infoZip(bytes);
    expect(info.status, info.test).toBe(0);
    expect(info.test).toContain('No errors detected');
    expect(info.names).toHaveLength(3);
  });

  it('writes ZIP64 end records past 65,535 entries, and every entry is listed', () => {
    const n = 70_000;
    const bytes = build((zip) => {
      for (let i = 0; i < n; i++) zip.add(`recibidos/01-facturas/${String(i).padStart(9, '0')}.xml`, Buffer.from(`<factura>${i}</factura>`), { deflate: i % 2 === 0 });
    });
    // The ZIP64 end of central directory record and its locator precede the classic record.
    expect(bytes.readUInt32LE(bytes.length - 22 - 20 - 56)).toBe(0x06064b50);
    expect(Number(bytes.readBigUInt64LE(bytes.length - 22 - 20 - 56 + 32))).toBe(n);
    expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(0xffff);
    const info = infoZip(bytes);
    expect(info.status, info.test).toBe(0);
    expect(info.names).toHaveLength(n);
    expect(info.names[n - 1]).toBe(`recibidos/01-facturas/${String(n - 1).padStart(9, '0')}.xml`);
    const files = unzipSync(new Uint8Array(bytes), { filter: (f) => f.name.endsWith('069999.xml') || f.name.endsWith('000000.xml') });
    expect(strFromU8(files['recibidos/01-facturas/000069999.xml'])).toBe('<factura>69999</factura>');
    expect(strFromU8(files['recibidos/01-facturas/000000000.xml'])).toBe('<factura>0</factura>');
  });

  it('refuses an entry after end()', () => {
    const zip = new ZipWriter(() => {});
    zip.end();
    expect(() => zip.add('a.xml', Buffer.from('a'), { deflate: true })).toThrow(/after end/);
  });
});
