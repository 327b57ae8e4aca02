/**
 * Names as the ATS XSD allows them (shared/sri/xsd/ats/at.xsd): `razonSocialType` is 5–500
 * characters of `[a-zA-Z0-9][a-zA-Z0-9\s]+[a-zA-Z0-9\s]`, `denoProvType` (denoProv, denoCli) 1–500
 * of `[a-zA-Z0-9][a-zA-Z0-9\s]*`: no accents, no ñ, no punctuation (shared/sri/ATS.md §1:
 * "S.A." must become "SA"). Accents are dropped (Á -> A, Ñ -> N), a few letters without a
 * decomposition are spelled out (ß -> SS, Æ -> AE), `&` becomes Y, dots and apostrophes vanish
 * (S.A. -> SA, O'Neil -> ONEIL), any other punctuation or symbol separates words, spaces collapse,
 * and the result is upper case (as the SRI writes names).
 */

const SPELLED: Record<string, string> = { ß: 'SS', æ: 'AE', Æ: 'AE', ø: 'O', Ø: 'O', œ: 'OE', Œ: 'OE', ł: 'L', Ł: 'L', đ: 'D', Đ: 'D', ð: 'D', Ð: 'D', þ: 'TH', Þ: 'TH', ı: 'I' };

/** The longest name the XSD takes. */
export const ATS_NAME_MAX = 500;

/**
 * A name in the ATS alphabet; '' when nothing of it is left (a name in another script).
 * @example atsName('Compañía Ñandú & Cía. S.A.') // 'COMPANIA NANDU Y CIA SA'
 */
export function atsName(name: string): string {
  return name
    .replace(/[ßæÆøØœŒłŁđĐðÐþÞı]/g, (c) => SPELLED[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' Y ')
    .replace(/[.'’´`]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, ATS_NAME_MAX)
    .trimEnd();
}

/** Whether an informante's razonSocial (after {@link atsName}) fits razonSocialType (5 characters or more). */
export const fitsRazonSocial = (name: string) => /^[A-Z0-9][A-Z0-9 ]+[A-Z0-9 ]$/.test(name) && name.length >= 5;
