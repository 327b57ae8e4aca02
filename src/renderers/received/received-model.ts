/**
 * The received comprobante as the Recibidos screens use it: the API path (its view types, shared
 * with the server, are in core/received-view.ts), the Spanish name of each type and tax, and the
 * check of an access key as it is typed.
 */
import { isValidClaveAcceso } from '../../../core/access-key.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import type { ReceivedTax } from '../../../core/received-view.ts';

export const RECEIVED_API = '/api/received-document';

/** 'Factura', 'Nota de crédito'… (core/comprobante-types.ts), or the code itself. */
export const typeLabel = (codDoc: string) => metaByCodDoc(codDoc)?.label ?? `Comprobante ${codDoc}`;

/** The tax of a per-rate total as a person reads it: 'IVA 15 %', 'ICE 10 %'. */
export const taxLabel = (t: Pick<ReceivedTax, 'codigo' | 'tarifa'>) => `${({ '2': 'IVA', '3': 'ICE', '5': 'IRBPNR' } as Record<string, string>)[t.codigo] ?? `Impuesto ${t.codigo}`} ${t.tarifa} %`;

/**
 * What is wrong with a clave de acceso being typed, in Spanish, or null when it is a valid key.
 * Empty text is not an error (nothing typed yet).
 * @example claveProblem('12a') // 'Solo dígitos: la clave de acceso tiene 49'
 */
export function claveProblem(value: string): string | null {
  const v = value.replace(/\s+/g, '');
  if (!v) return null;
  if (!/^\d+$/.test(v)) return 'Solo dígitos: la clave de acceso tiene 49';
  if (v.length < 49) return `${49 - v.length === 1 ? 'Falta 1 dígito' : `Faltan ${49 - v.length} dígitos`} (tiene ${v.length} de 49)`;
  if (v.length > 49) return `${v.length - 49 === 1 ? 'Sobra 1 dígito' : `Sobran ${v.length - 49} dígitos`}: la clave de acceso tiene 49`;
  if (!isValidClaveAcceso(v)) return 'El dígito verificador (el último) no corresponde: revise la clave';
  return null;
}
