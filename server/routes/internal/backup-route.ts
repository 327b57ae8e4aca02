/**
 * `GET /internal/backup`: the embedded database's data folder (PGlite's dumpDataDir), for `npm run
 * backup` on the same machine. PGlite admits one process, so a consistent copy of a running
 * instance can only come from the process that holds it; the dump runs between two statements of
 * PGlite's single connection, and a transaction still open then has no commit record in the copied
 * WAL, so the restored database does not contain it (crash-consistent, like a power cut).
 * Answered only to a loopback client that sends DATA_DIR/backup.token (readable by the server's
 * user alone); anyone else gets the ordinary 404. Not in the API reference.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

export const BACKUP_TOKEN_HEADER = 'x-emite-backup-token';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function backupRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/internal/backup',
    {
      schema: {
        hide: true,
        response: { 200: { description: 'Carpeta de datos de PGlite (tar)', content: { 'application/octet-stream': { schema: {} } } }, 404: { description: 'No disponible', type: 'object', properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const token = request.headers[BACKUP_TOKEN_HEADER];
      const expected = deps.config.backupToken;
      if (!deps.dumpDatabase || !expected || typeof token !== 'string' || !LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameToken(token, expected)) {
        return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Ruta no encontrada: GET ${request.url.split('?')[0]}` });
      }
      return reply.type('application/octet-stream').send(Buffer.from(await deps.dumpDatabase()));
    },
  );
}
