/**
 * Band rows several RIDEs share (SRI ficha técnica offline, Anexo 2). Each type's ride file still
 * lists its band's rows in its own order; only the rows that read the same on several are here.
 */
import type { RideDocument } from './ride-document.ts';

/**
 * The counterpart band's first row: "Razón Social / Nombres y Apellidos" (of `whom`, when the RIDE
 * names who it is: "del Proveedor", "(Sujeto retenido)") and "Identificación". The rows after it
 * are each RIDE's own (Anexo 2).
 */
export function nameAndIdRow(p: { whom?: string; razonSocial: string; identificacion: string }): RideDocument['counterpart'][number] {
  return { left: [`Razón Social / Nombres y Apellidos${p.whom ? ` ${p.whom}` : ''}:`, p.razonSocial], right: ['Identificación:', p.identificacion] };
}
