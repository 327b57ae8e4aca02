/**
 * The text of an uploaded CSV. Files saved by current spreadsheets are UTF-8; older Excel versions
 * on Windows save "CSV (delimitado por comas)" in Windows-1252, where "Código" is not valid UTF-8.
 * So: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (a superset of Latin-1 for the
 * Spanish letters), so accents arrive intact either way.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const windows1252 = new TextDecoder('windows-1252');

/** @example decodeCsvBody(Buffer.from([0x43, 0xf3, 0x64])) // 'Cód' */
export function decodeCsvBody(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}
