/**
 * A zip written entry by entry to a sink, for entries whose content is in memory (one XML, one PDF):
 * each entry is written whole (local header with its CRC and sizes, then the data, deflated by
 * Node's zlib or stored), and what the central directory needs of it is kept as the directory's
 * own bytes (46 bytes + the name), in 64 KB blocks: about 5 MB for 50,000 entries, where fflate's
 * Zip kept about 1 KB of objects and closures per entry and its ZipDeflate a 96 KB window and 64 KB
 * hash tables per entry for the garbage collector (issue 25: +320 MB of RSS over a 50,000-document
 * month). ZIP64 (APPNOTE 6.3.10 §4.3.14-4.3.16, §4.5.3) when the entries pass 65,535 or the offsets
 * 4 GB, so a month of 50,000 documents with their RIDEs (100,001 entries) opens everywhere.
 * Names are UTF-8 (general purpose bit 11).
 */
import { crc32, deflateRawSync } from 'node:zlib';

const U16 = 0xffff;
const U32 = 0xffffffff;
const BLOCK = 64 * 1024;

/** MS-DOS time and date of `d` in the server's local time, as zip tools show them. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, Math.min(2107, d.getFullYear()));
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private entries = 0;
  private readonly central: Buffer[] = [];
  private block = Buffer.allocUnsafe(BLOCK);
  private blockUsed = 0;
  private readonly time: number;
  private readonly date: number;
  private ended = false;

  /**
   * @param sink receives the zip's bytes in order; its return value is not used (the caller applies
   *   backpressure between entries, e.g. by awaiting its stream's 'drain').
   * @param modified the modification date written on every entry (default: now).
   */
  constructor(private readonly sink: (chunk: Buffer) => void, modified = new Date()) {
    ({ time: this.time, date: this.date } = dosDateTime(modified));
  }

  /** Entries written so far. */
  get count(): number {
    return this.entries;
  }

  /**
   * Writes one entry.
   * @param name its path in the zip, '/' separated, e.g. 'emitidos/01-facturas/factura-001-001-000000001.xml'.
   * @param data its whole content.
   * @param opts.deflate compress (zlib level 6; XML shrinks about 5 times) or store (a PDF's streams are compressed already).
   * @throws Error after end(), or when a name passes 65,535 bytes or a content 4 GB.
   */
  add(name: string, data: Uint8Array, opts: { deflate: boolean }): void {
    if (this.ended) throw new Error('ZipWriter: add() after end()');
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length > U16) throw new Error(`ZipWriter: name too long: ${name.slice(0, 80)}…`);
    if (data.length >= U32) throw new Error(`ZipWriter: ${name} passes 4 GB`);
    // zlib's output buffer sized to the entry (an XML deflates to about a fifth): its default 16 KB
    // would leave 16 KB of garbage per entry behind for the collector, not 2.
    const body = opts.deflate ? deflateRawSync(data, { level: 6, chunkSize: Math.max(1024, Math.min(16 * 1024, (data.length >> 2) + 512)) }) : data;
    const crc = crc32(data);
    const method = opts.deflate ? 8 : 0;

    const local = Buffer.allocUnsafe(30 + nameBytes.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(this.time, 10);
    local.writeUInt16LE(this.date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    nameBytes.copy(local, 30);

    // The central directory's record of this entry; the offset goes to a ZIP64 extra field past 4 GB.
    const zip64 = this.offset >= U32;
    const record = this.reserve(46 + nameBytes.length + (zip64 ? 12 : 0));
    const [buf, at] = record;
    buf.writeUInt32LE(0x02014b50, at);
    buf.writeUInt16LE(zip64 ? 45 : 20, at + 4); // made by: MS-DOS attributes, APPNOTE 2.0 / 4.5
    buf.writeUInt16LE(zip64 ? 45 : 20, at + 6);
    buf.writeUInt16LE(0x0800, at + 8);
    buf.writeUInt16LE(method, at + 10);
    buf.writeUInt16LE(this.time, at + 12);
    buf.writeUInt16LE(this.date, at + 14);
    buf.writeUInt32LE(crc, at + 16);
    buf.writeUInt32LE(body.length, at + 20);
    buf.writeUInt32LE(data.length, at + 24);
    buf.writeUInt16LE(nameBytes.length, at + 28);
    buf.writeUInt16LE(zip64 ? 12 : 0, at + 30);
    buf.fill(0, at + 32, at + 42); // comment length, disk, internal and external attributes
    buf.writeUInt32LE(zip64 ? U32 : this.offset, at + 42);
    nameBytes.copy(buf, at + 46);
    if (zip64) {
      const x = at + 46 + nameBytes.length;
      buf.writeUInt16LE(0x0001, x);
      buf.writeUInt16LE(8, x + 2);
      buf.writeBigUInt64LE(BigInt(this.offset), x + 4);
    }

    this.sink(local);
    this.sink(Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.length));
    this.offset += local.length + body.length;
    this.entries += 1;
  }

  /** Writes the central directory and the end records; the zip is complete after it. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.blockUsed) this.central.push(this.block.subarray(0, this.blockUsed));
    const cdOffset = this.offset;
    let cdSize = 0;
    for (const chunk of this.central) {
      this.sink(chunk);
      cdSize += chunk.length;
    }
    this.central.length = 0;
    const eocdAt = cdOffset + cdSize;
    if (this.entries >= U16 || cdOffset >= U32 || cdSize >= U32) {
      const z = Buffer.alloc(56 + 20);
      z.writeUInt32LE(0x06064b50, 0); // ZIP64 end of central directory record
      z.writeBigUInt64LE(44n, 4);
      z.writeUInt16LE(45, 12);
      z.writeUInt16LE(45, 14);
      z.writeBigUInt64LE(BigInt(this.entries), 24);
      z.writeBigUInt64LE(BigInt(this.entries), 32);
      z.writeBigUInt64LE(BigInt(cdSize), 40);
      z.writeBigUInt64LE(BigInt(cdOffset), 48);
      z.writeUInt32LE(0x07064b50, 56); // its locator
      z.writeBigUInt64LE(BigInt(eocdAt), 64);
      z.writeUInt32LE(1, 72);
      this.sink(z);
    }
    const e = Buffer.alloc(22);
    e.writeUInt32LE(0x06054b50, 0);
    e.writeUInt16LE(Math.min(this.entries, U16), 8);
    e.writeUInt16LE(Math.min(this.entries, U16), 10);
    e.writeUInt32LE(Math.min(cdSize, U32), 12);
    e.writeUInt32LE(Math.min(cdOffset, U32), 16);
    this.sink(e);
  }

  /** `n` bytes of the central directory's current block (a new block when it is full). */
  private reserve(n: number): [Buffer, number] {
    if (this.blockUsed + n > this.block.length) {
      this.central.push(this.block.subarray(0, this.blockUsed));
      this.block = Buffer.allocUnsafe(Math.max(BLOCK, n));
      this.blockUsed = 0;
    }
    const at = this.blockUsed;
    this.blockUsed += n;
    return [this.block, at];
  }
}
