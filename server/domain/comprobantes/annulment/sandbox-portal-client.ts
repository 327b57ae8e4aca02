/**
 * Emite's side of the sandbox's stand-in for SRI en línea (server/sri/sandbox-portal.ts), used when
 * SRI_ENV=sandbox: the issuer's request `POST /sri-sandbox/portal/anulacion {claveAcceso, motivo}`,
 * through app.inject for the built-in sandbox or over the network to SRI_CONSULTA_URL's origin.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.ts';
import { PORTAL_PATHS } from '../../../sri/sandbox-portal.ts';
import type { PortalRequest } from './request-annulment.ts';

/**
 * @param origin an explicit sandbox's origin (e.g. from SRI_CONSULTA_URL); undefined: the built-in one.
 * @returns the request function; it throws AppError with the portal's Spanish refusal (404/409 ->
 *   CONFLICT, else UNPROCESSABLE), or SRI_UNAVAILABLE when the portal does not answer.
 */
export function sandboxPortalClient(app: FastifyInstance, origin?: string): PortalRequest {
  return async (claveAcceso, motivo) => {
    let status: number;
    let body: { message?: string } = {};
    try {
      if (origin) {
        const res = await fetch(`${origin}${PORTAL_PATHS.request}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ claveAcceso, motivo }), signal: AbortSignal.timeout(15_000) });
        status = res.status;
        body = (await res.json().catch(() => ({}))) as { message?: string };
      } else {
        const res = await app.inject({ method: 'POST', url: PORTAL_PATHS.request, payload: { claveAcceso, motivo } });
        status = res.statusCode;
        body = (() => {
          try {
            return res.json() as { message?: string };
          } catch {
            return {};
          }
        })();
      }
    } catch {
      throw new AppError('SRI_UNAVAILABLE', 'El SRI de pruebas no responde: no se pidió la anulación. Inténtelo de nuevo en unos minutos.');
    }
    if (status === 200) return;
    if (status >= 500) throw new AppError('SRI_UNAVAILABLE', 'El SRI de pruebas no responde: no se pidió la anulación. Inténtelo de nuevo en unos minutos.');
    throw new AppError(status === 404 || status === 409 ? 'CONFLICT' : 'UNPROCESSABLE', `El SRI (de pruebas) rechazó la solicitud: ${body.message ?? `HTTP ${status}`}`);
  };
}
