/**
 * A comprobante fetched by its access key from the SRI authorisation web service
 * (AutorizacionComprobantesOffline.autorizacionComprobante; SRI ficha técnica offline §7), which
 * answers any caller for any authorised key (shared/sri/SRI.md "Received comprobantes"). The
 * ambiente (key digit 24) chooses the host (celcer for 1, cel for 2), or the sandbox SRI.
 */
import { isValidClaveAcceso } from '../../../core/access-key.ts';
import { AppError } from '../../errors.ts';
import type { SriPort } from '../../sri/sri-port.ts';
import { pickAutorizacion, SriUnavailableError } from '../../sri/soap-client.ts';
import { fromAutorizacion, type UnwrappedComprobante } from './read-authorization.ts';

/**
 * @returns the authorised comprobante, its numeroAutorizacion, fechaAutorizacion and the SOAP answer.
 * @throws AppError VALIDATION (path `claveAcceso`) for a key that is not 49 digits with a correct
 *   check digit; NOT_FOUND when the SRI knows no authorisation for it; UNPROCESSABLE when its
 *   estado is not AUTORIZADO; SRI_UNAVAILABLE (503) when the SRI does not answer.
 * @example (await fetchAuthorizedComprobante(sri, clave)).xml // '<?xml …><factura id="comprobante"…'
 */
export async function fetchAuthorizedComprobante(sri: SriPort, claveAcceso: string): Promise<UnwrappedComprobante> {
  if (!isValidClaveAcceso(claveAcceso)) {
    throw new AppError('VALIDATION', `La clave de acceso ${claveAcceso} no es válida (49 dígitos, ambiente 1 o 2, dígito verificador módulo 11)`, { details: [{ path: 'claveAcceso', message: 'clave de acceso no válida' }] });
  }
  let answer;
  try {
    answer = await sri.autorizacionComprobante(claveAcceso, claveAcceso[23] as '1' | '2');
  } catch (err) {
    if (err instanceof SriUnavailableError) throw new AppError('SRI_UNAVAILABLE', `El SRI no respondió a la consulta de la clave ${claveAcceso}; intente más tarde (${err.message})`);
    throw err;
  }
  const picked = pickAutorizacion(answer);
  if (!picked) throw new AppError('NOT_FOUND', `El SRI no tiene un comprobante autorizado con la clave de acceso ${claveAcceso}`, { details: [{ path: 'claveAcceso', message: 'no encontrada en el SRI' }] });
  if (picked.estado !== 'AUTORIZADO') {
    throw new AppError('UNPROCESSABLE', `El SRI no autorizó el comprobante con clave de acceso ${claveAcceso} (estado: ${picked.estado || 'sin estado'})`, { details: [{ path: 'claveAcceso', message: 'no autorizado' }] });
  }
  return fromAutorizacion(picked, answer.raw);
}
