/**
 * The 49-digit claveAcceso (SRI ficha técnica offline, "Clave de acceso"; shared/sri/SRI.md):
 * fechaEmision ddmmaaaa | codDoc | RUC | ambiente | estab+ptoEmi | secuencial(9) | código numérico(8)
 * | tipoEmision | dígito verificador módulo 11 (weights 2..7 right to left; 11 -> 0, 10 -> 1).
 * Runs in the browser and on the server (no node imports).
 */
export interface ClaveAccesoParts {
  /** 'YYYY-MM-DD', the local date in America/Guayaquil (core/guayaquil-date.ts). */
  fechaEmision: string;
  /** Tabla 3: '01' factura, '04' nota de crédito, … */
  codDoc: string;
  /** Issuer's RUC, 13 digits. */
  ruc: string;
  /** '1' pruebas, '2' producción. */
  ambiente: '1' | '2';
  estab: string;
  ptoEmi: string;
  /** 1..999999999, or its digits (zero-padded here to 9). */
  secuencial: number | string;
  /** 8 digits chosen by the issuer: randomCodigoNumerico(). */
  codigoNumerico: string;
  /** Only '1' (normal): contingency emission (2) is no longer accepted. */
  tipoEmision?: '1';
}

/** The fields of a key as they appear in it (checked: 49 digits, ambiente 1 or 2, check digit). */
export interface ParsedClaveAcceso {
  fechaEmision: string;
  codDoc: string;
  ruc: string;
  ambiente: '1' | '2';
  estab: string;
  ptoEmi: string;
  secuencial: string;
  codigoNumerico: string;
  tipoEmision: string;
  digitoVerificador: string;
}

/** Módulo 11 check digit of the first 48 digits. @throws Error unless exactly 48 digits. */
export function modulo11(digits48: string): number {
  if (!/^\d{48}$/.test(digits48)) throw new Error('Se necesitan 48 dígitos para calcular el dígito verificador');
  let sum = 0;
  let weight = 2;
  for (let i = digits48.length - 1; i >= 0; i -= 1) {
    sum += Number(digits48[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 11 ? 0 : dv === 10 ? 1 : dv;
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * @returns the 49-digit key.
 * @throws Error (Spanish, "Clave de acceso: …") when a part is malformed.
 * @example buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1',
 *   estab: '001', ptoEmi: '002', secuencial: 123, codigoNumerico: '12345678' })
 *   // '2011202601179001691900110010020000001231234567813'
 */
export function buildClaveAcceso(p: ClaveAccesoParts): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(p.fechaEmision);
  if (!date) throw new Error('Clave de acceso: fechaEmision debe tener el formato AAAA-MM-DD');
  if (!isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]))) {
    throw new Error(`Clave de acceso: la fecha de emisión ${p.fechaEmision} no existe`);
  }
  const secuencial = String(p.secuencial).padStart(9, '0');
  const tipoEmision = p.tipoEmision ?? '1';
  const checks: Array<[boolean, string]> = [
    [/^\d{2}$/.test(p.codDoc), 'codDoc debe tener 2 dígitos'],
    [/^\d{13}$/.test(p.ruc), 'el RUC debe tener 13 dígitos'],
    [p.ambiente === '1' || p.ambiente === '2', 'ambiente debe ser 1 o 2'],
    [/^\d{3}$/.test(p.estab) && /^\d{3}$/.test(p.ptoEmi), 'estab y ptoEmi deben tener 3 dígitos'],
    [/^\d{9}$/.test(secuencial), 'el secuencial debe tener hasta 9 dígitos'],
    [/^\d{8}$/.test(p.codigoNumerico), 'el código numérico debe tener 8 dígitos'],
    [tipoEmision === '1', 'tipoEmision debe ser 1 (emisión normal)'],
  ];
  const failed = checks.find(([good]) => !good);
  if (failed) throw new Error(`Clave de acceso: ${failed[1]}`);
  const digits48 = `${date[3]}${date[2]}${date[1]}${p.codDoc}${p.ruc}${p.ambiente}${p.estab}${p.ptoEmi}${secuencial}${p.codigoNumerico}${tipoEmision}`;
  return `${digits48}${modulo11(digits48)}`;
}

/** 49 digits, ambiente (digit 24) 1 or 2, and the last digit the módulo 11 check digit of the other 48. */
export function isValidClaveAcceso(key: string): boolean {
  return typeof key === 'string' && /^\d{23}[12]\d{25}$/.test(key) && modulo11(key.slice(0, 48)) === Number(key[48]);
}

/**
 * Splits a key into its fields; fechaEmision comes back as 'YYYY-MM-DD'.
 * @throws Error when the key is not 49 digits with a correct check digit.
 */
export function parseClaveAcceso(key: string): ParsedClaveAcceso {
  if (!isValidClaveAcceso(key)) throw new Error('La clave de acceso no es válida (49 dígitos, ambiente 1 o 2, dígito verificador módulo 11)');
  return {
    fechaEmision: `${key.slice(4, 8)}-${key.slice(2, 4)}-${key.slice(0, 2)}`,
    codDoc: key.slice(8, 10),
    ruc: key.slice(10, 23),
    ambiente: key[23] as '1' | '2', // checked by isValidClaveAcceso
    estab: key.slice(24, 27),
    ptoEmi: key.slice(27, 30),
    secuencial: key.slice(30, 39),
    codigoNumerico: key.slice(39, 47),
    tipoEmision: key.slice(47, 48),
    digitoVerificador: key.slice(48),
  };
}

// Largest multiple of 10^8 below 2^32: draws at or above it are redrawn, so every code is equally likely.
const UNBIASED_LIMIT = Math.floor(2 ** 32 / 100_000_000) * 100_000_000;

/** 8 random digits from Web Crypto (browser and Node ≥ 19 expose globalThis.crypto). */
export function randomCodigoNumerico(): string {
  const buf = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(buf);
  while (buf[0] >= UNBIASED_LIMIT);
  return String(buf[0] % 100_000_000).padStart(8, '0');
}
