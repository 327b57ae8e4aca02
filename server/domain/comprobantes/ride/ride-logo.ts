/**
 * Whether pdfkit can embed a logo without failing later. pdfkit inflates a PNG with an alpha channel,
 * a tRNS palette or interlacing inside a zlib callback (png-js `decodePixels`) that throws on corrupt
 * data: an uncaught exception that would end the process, not a rejected promise. The upload route
 * only checks magic bytes, so the PNG's image data is inflated here once, synchronously, first.
 */
import { inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngDecodes(png: Buffer): boolean {
  let width = 0;
  let height = 0;
  let bitsPerPixel = 0;
  let interlaced = false;
  const idat: Buffer[] = [];
  for (let at = PNG_SIGNATURE.length; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return false;
    if (type === 'IHDR') {
      if (length < 13) return false;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitsPerPixel = data[8] * (CHANNELS[data[9]] ?? 0);
      interlaced = data[12] === 1;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!width || !height || !bitsPerPixel || idat.length === 0) return false;
  try {
    const pixels = inflateSync(Buffer.concat(idat));
    // Non-interlaced: one filter byte plus the packed samples per row (interlaced sizes vary per pass).
    return interlaced || pixels.length >= height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  } catch {
    return false;
  }
}

/** True for a JPEG (pdfkit embeds it as is) or a PNG whose image data inflates to its declared size. */
export function isEmbeddableLogo(image: Buffer): boolean {
  if (image.length > 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return true;
  return image.length > PNG_SIGNATURE.length + 25 && image.subarray(0, 8).equals(PNG_SIGNATURE) && pngDecodes(image);
}
