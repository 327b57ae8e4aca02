/**
 * Spanish phrasing of a comprobante type in messages: "La nota de crédito ya fue emitida", "El
 * comprobante de retención ya fue emitido".
 */
import { metaByCodDoc, type ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';
import { phrasing } from '../../../core/comprobante-phrasing.ts';

/** @example theLabel(COMPROBANTE_TYPE_META['04']) // { theOne: 'La nota de crédito', ending: 'a' } */
export function theLabel(meta: ComprobanteTypeMeta): { theOne: string; ending: 'a' | 'o' } {
  const p = phrasing(meta);
  return { theOne: `${p.the === 'el' ? 'El' : 'La'} ${p.noun}`, ending: p.ending };
}

/** {@link theLabel} by codDoc; "El comprobante" for a codDoc the SRI does not define. */
export function theLabelOf(codDoc: string): { theOne: string; ending: 'a' | 'o' } {
  const meta = metaByCodDoc(codDoc);
  return meta ? theLabel(meta) : { theOne: 'El comprobante', ending: 'o' };
}
