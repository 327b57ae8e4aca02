/**
 * The SRI portal's listing of received comprobantes ("Comprobantes electrónicos recibidos", download
 * as TXT; shared/sri/SRI.md "Received comprobantes"): tab-separated, one document a line, columns
 * RUC_EMISOR, RAZON_SOCIAL_EMISOR, TIPO_COMPROBANTE ("Factura", "Nota de Crédito"…),
 * SERIE_COMPROBANTE, CLAVE_ACCESO, FECHA_AUTORIZACION (dd/mm/yyyy hh:mm:ss), FECHA_EMISION
 * (dd/mm/yyyy), IDENTIFICACION_RECEPTOR, VALOR_SIN_IMPUESTOS, IVA, IMPORTE_TOTAL,
 * NUMERO_DOCUMENTO_MODIFICADO.
 *
 * Quirks handled: Latin-1 (Windows-1252) or UTF-8 with or without BOM; amounts written `.31`; an
 * empty IMPORTE_TOTAL on nota de crédito rows; a header line (columns are taken by their header
 * names when there is one, else in the order above); blank lines anywhere (trailing ones are
 * common). Pure: runs in the browser (the Recibidos screen reads the file to show progress) and on
 * the server (`POST /api/received-document/import`).
 */
import { isValidClaveAcceso } from './access-key.ts';
import { foldText } from './fold-text.ts';

/** Column names of the portal's TXT, in the order it writes them. */
export const TXT_COLUMNS = [
  'RUC_EMISOR',
  'RAZON_SOCIAL_EMISOR',
  'TIPO_COMPROBANTE',
  'SERIE_COMPROBANTE',
  'CLAVE_ACCESO',
  'FECHA_AUTORIZACION',
  'FECHA_EMISION',
  'IDENTIFICACION_RECEPTOR',
  'VALOR_SIN_IMPUESTOS',
  'IVA',
  'IMPORTE_TOTAL',
  'NUMERO_DOCUMENTO_MODIFICADO',
] as const;

/** One document of the listing. Amounts in USD (null when the cell is empty); dates ISO. */
export interface TxtListingRow {
  rucEmisor: string;
  razonSocialEmisor: string;
  /** As the portal writes it ("Factura", "Nota de Crédito", "Comprobante de Retención"…). */
  tipoComprobante: string;
  /** SRI tabla 3 code: from tipoComprobante, else the key's digits 9-10. */
  codDoc: string;
  /** '001-001-000000123' as written. */
  serie: string;
  claveAcceso: string;
  /** 'YYYY-MM-DDTHH:mm:ss' (local time in Ecuador, as the portal writes it), or null. */
  fechaAutorizacion: string | null;
  /** 'YYYY-MM-DD', or null when the cell is empty or not a date. */
  fechaEmision: string | null;
  identificacionReceptor: string;
  valorSinImpuestos: number | null;
  iva: number | null;
  importeTotal: number | null;
  numeroDocumentoModificado: string | null;
}

/** A line of the file: the document it lists, or why it cannot be read (`claveAcceso` when one was there). */
export type TxtListingEntry = { line: number; row: TxtListingRow } | { line: number; claveAcceso?: string; error: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

/**
 * The file's text: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252, the
 * superset of Latin-1 the portal's Spanish names come in ("Crédito" as byte 0xE9).
 * @example decodeTxtListing(new Uint8Array([0x43, 0x72, 0xe9])) // 'Cré'
 */
export function decodeTxtListing(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = latin1.decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Tabla 3 codes by the portal's names, compared without accents or case. */
const COD_DOC_BY_NAME: Record<string, string> = {
  factura: '01',
  'liquidacion de compra de bienes y prestacion de servicios': '03',
  'liquidacion de compra': '03',
  'nota de credito': '04',
  'nota de debito': '05',
  'guia de remision': '06',
  'comprobante de retencion': '07',
};
const plain = (s: string) => foldText(s).trim();

/** The tabla 3 code of a TIPO_COMPROBANTE cell ("Nota de Crédito" -> '04'), or null. */
export function codDocOfTipo(tipo: string): string | null {
  return COD_DOC_BY_NAME[plain(tipo)] ?? null;
}

/**
 * An amount as the portal writes it: '.31', '12.5', '1234.56', or with a decimal comma ('12,50').
 * @returns null for an empty cell; NaN for text that is not an amount.
 */
export function parseTxtAmount(cell: string): number | null {
  const s = cell.trim();
  if (!s) return null;
  const normal = s.includes('.') ? s.replace(/,/g, '') : s.replace(',', '.');
  return /^-?\d*\.?\d+$/.test(normal) ? Math.round(Number(normal) * 100) / 100 : Number.NaN;
}

/** 'dd/mm/yyyy[ hh:mm:ss]' -> 'YYYY-MM-DD[THH:mm:ss]', or null. */
function isoDate(cell: string, withTime: boolean): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  if (!withTime) return day;
  return m[4] ? `${day}T${m[4].padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}` : `${day}T00:00:00`;
}

/**
 * Reads the listing line by line. Blank lines and the header are skipped; every other line gives
 * one entry, in file order, with its 1-based line number: a row, or the reason it cannot be used
 * (no 49-digit key with a correct check digit, an amount that is not a number). A bad line never
 * stops the others.
 * @param input the file's bytes (decoded with {@link decodeTxtListing}) or its text.
 * @example parseTxtListing(bytes).filter((e) => 'row' in e).map((e) => e.row.claveAcceso)
 */
export function parseTxtListing(input: Uint8Array | string): TxtListingEntry[] {
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : decodeTxtListing(input);
  const lines = text.split(/\r\n|\n|\r/);
  let index: Record<string, number> = Object.fromEntries(TXT_COLUMNS.map((c, i) => [c, i]));
  const out: TxtListingEntry[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const cells = raw.split('\t').map((c) => c.trim());
    if (cells.some((c) => c.toUpperCase() === 'CLAVE_ACCESO')) {
      index = Object.fromEntries(cells.map((c, j) => [c.toUpperCase(), j]));
      return;
    }
    const cell = (name: (typeof TXT_COLUMNS)[number]) => (index[name] === undefined ? '' : (cells[index[name]] ?? ''));
    const claveAcceso = cell('CLAVE_ACCESO').replace(/\s+/g, '') || (cells.find((c) => /^\d{49}$/.test(c)) ?? '');
    if (!/^\d{49}$/.test(claveAcceso)) {
      out.push({ line, error: claveAcceso ? `La clave de acceso "${claveAcceso}" no tiene 49 dígitos` : 'La línea no tiene una clave de acceso (49 dígitos)' });
      return;
    }
    if (!isValidClaveAcceso(claveAcceso)) {
      out.push({ line, claveAcceso, error: `La clave de acceso ${claveAcceso} no es válida (dígito verificador o ambiente)` });
      return;
    }
    const amounts = { valorSinImpuestos: parseTxtAmount(cell('VALOR_SIN_IMPUESTOS')), iva: parseTxtAmount(cell('IVA')), importeTotal: parseTxtAmount(cell('IMPORTE_TOTAL')) };
    const bad = Object.entries(amounts).find(([, v]) => Number.isNaN(v));
    if (bad) {
      out.push({ line, claveAcceso, error: `El valor ${bad[0]} no es un número` });
      return;
    }
    const tipoComprobante = cell('TIPO_COMPROBANTE');
    out.push({
      line,
      row: {
        rucEmisor: cell('RUC_EMISOR'),
        razonSocialEmisor: cell('RAZON_SOCIAL_EMISOR'),
        tipoComprobante,
        codDoc: codDocOfTipo(tipoComprobante) ?? claveAcceso.slice(8, 10),
        serie: cell('SERIE_COMPROBANTE'),
        claveAcceso,
        fechaAutorizacion: isoDate(cell('FECHA_AUTORIZACION'), true),
        fechaEmision: isoDate(cell('FECHA_EMISION'), false),
        identificacionReceptor: cell('IDENTIFICACION_RECEPTOR'),
        ...amounts,
        numeroDocumentoModificado: cell('NUMERO_DOCUMENTO_MODIFICADO') || null,
      },
    });
  });
  return out;
}
