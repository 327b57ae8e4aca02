/**
 * Ecuadorian identification checks (SRI ficha técnica; shared/sri/SRI.md "Identification checks").
 * Cédula and persona-natural RUC are strict. Sociedad privada (3rd digit 9) and pública (6) RUCs:
 * structure strict, módulo 11 only a warning, because real active company RUCs fail it.
 */
export interface IdCheck {
  valid: boolean;
  /** Spanish: why it is invalid. */
  message?: string;
  /** Spanish: accepted, but worth a look (e.g. check digit of a sociedad RUC). */
  warning?: string;
}

const ok: IdCheck = { valid: true };
const bad = (message: string): IdCheck => ({ valid: false, message });
const validProvince = (p: number) => (p >= 1 && p <= 24) || p === 30;

/** Cédula: 10 digits, province 01–24 or 30, 3rd digit < 6, módulo 10 (2,1,2,1…, products > 9 minus 9). */
export function checkCedula(value: string): IdCheck {
  if (!/^\d{10}$/.test(value)) return bad('La cédula debe tener 10 dígitos');
  if (!validProvince(Number(value.slice(0, 2)))) return bad('La cédula tiene un código de provincia inválido');
  if (Number(value[2]) >= 6) return bad('El tercer dígito de la cédula debe ser menor que 6');
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  const dv = (10 - (sum % 10)) % 10;
  return dv === Number(value[9]) ? ok : bad('La cédula no es válida (dígito verificador incorrecto)');
}

function modulo11(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const r = sum % 11;
  return r === 0 ? 0 : 11 - r;
}

/**
 * RUC: 13 digits, province, then by 3rd digit: 0–5 persona natural (strict), 6 pública, 9 sociedad
 * privada (structure strict; módulo 11 mismatch -> `{valid: true, warning}`).
 * @example checkRuc('1790016918001') // { valid: true, warning: 'El dígito verificador del RUC de sociedad …' }
 */
export function checkRuc(value: string): IdCheck {
  if (!/^\d{13}$/.test(value)) return bad('El RUC debe tener 13 dígitos');
  if (!validProvince(Number(value.slice(0, 2)))) return bad('El RUC tiene un código de provincia inválido');
  const third = Number(value[2]);
  if (third <= 5) {
    const cedula = checkCedula(value.slice(0, 10));
    if (!cedula.valid) return bad(`El RUC no es válido: ${cedula.message?.replace('La cédula', 'su cédula')}`);
    if (value.slice(10) === '000') return bad('El RUC no es válido: el establecimiento no puede ser 000');
    return ok;
  }
  if (third === 6) {
    if (value.slice(9) === '0000') return bad('El RUC público no es válido: el establecimiento no puede ser 0000');
    const dv = modulo11(value, [3, 2, 7, 6, 5, 4, 3, 2]);
    return dv === Number(value[8]) ? ok : { valid: true, warning: 'El dígito verificador del RUC público no coincide con el algoritmo del SRI; verifique el número' };
  }
  if (third === 9) {
    if (value.slice(10) === '000') return bad('El RUC no es válido: el establecimiento no puede ser 000');
    const dv = modulo11(value, [4, 3, 2, 7, 6, 5, 4, 3, 2]);
    return dv === Number(value[9]) ? ok : { valid: true, warning: 'El dígito verificador del RUC de sociedad no coincide con el algoritmo del SRI; verifique el número' };
  }
  return bad('El tercer dígito del RUC debe ser 0–6 o 9');
}

/**
 * Per SRI tabla 6: 04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final (only 9999999999999),
 * 08 identificación del exterior. The value is checked as given: trim it first.
 * @example checkIdentificacion('05', '1714307103') // { valid: true }
 */
export function checkIdentificacion(tipoIdentificacion: string, value: string): IdCheck {
  switch (tipoIdentificacion) {
    case '04':
      return checkRuc(value);
    case '05':
      return checkCedula(value);
    case '06':
    case '08':
      // Free text in the XSD (identificacionComprador: 1–20 characters, pattern [^\n]*).
      if (!value.trim()) return bad('La identificación es obligatoria');
      if (/[\u0000-\u001f\u007f]/.test(value)) return bad('La identificación no puede contener saltos de línea ni caracteres de control');
      return value.length <= 20 ? ok : bad('La identificación no puede tener más de 20 caracteres');
    case '07':
      return value === '9999999999999' ? ok : bad('Para consumidor final la identificación es 9999999999999');
    default:
      return bad(`Tipo de identificación desconocido: ${tipoIdentificacion}`);
  }
}
