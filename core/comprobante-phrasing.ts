/**
 * Spanish words that agree with a comprobante type's noun (its `gender` in the registry), for both
 * programs' messages: "Nueva factura" / "Nuevo comprobante de retención", "¿Emitir la nota de
 * crédito?", "una nota de débito", "autorizada" / "autorizado".
 * @example phrasing(COMPROBANTE_TYPE_META['07']) // { noun: 'comprobante de retención', the: 'el', a: 'un', New: 'Nuevo', ending: 'o' }
 */
import type { ComprobanteTypeMeta } from './comprobante-types.ts';

export interface Phrasing {
  /** The label in lower case ("nota de crédito"). */
  noun: string;
  /** Definite article ("la", "el"). */
  the: 'la' | 'el';
  /** Indefinite article ("una", "un"). */
  a: 'una' | 'un';
  /** "Nueva" / "Nuevo", for a heading. */
  New: 'Nueva' | 'Nuevo';
  /** Ending of an agreeing participle ("emitid" + ending). */
  ending: 'a' | 'o';
}

export function phrasing(meta: Pick<ComprobanteTypeMeta, 'label' | 'gender'>): Phrasing {
  const m = meta.gender === 'm';
  return { noun: meta.label.toLowerCase(), the: m ? 'el' : 'la', a: m ? 'un' : 'una', New: m ? 'Nuevo' : 'Nueva', ending: m ? 'o' : 'a' };
}
