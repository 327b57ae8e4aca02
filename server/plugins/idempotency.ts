/**
 * `Idempotency-Key` on every authenticated POST (DESIGN.md §9), in the style of Stripe's: the first
 * successful response (status and body) is stored 24 h per company and key and replayed, marked
 * `Idempotent-Replayed: true`, to any retry of the same request; the same key with another request
 * (method, URL or body) is 422. A retry that arrives while the first is still running waits for its
 * stored response, so a POS that retries after a timeout never creates or issues twice.
 *
 * The key is claimed in preHandler, after authentication and body validation. Only a success
 * (status < 400) is stored: an error answer releases the key, so the corrected retry of a refused
 * request (no certificate yet, a draft to fix, a 5xx) runs, under the same key, instead of
 * replaying the refusal for a day. A refusal changed nothing (each use case is one transaction),
 * so running again cannot duplicate anything.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { claimIdempotencyKey, deleteExpiredIdempotencyKeys, releaseIdempotencyKey, saveIdempotentResponse } from '../db/repositories/idempotency-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed and must answer for (its response is stored in onSend). */
    idempotencyClaim: { companyId: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a retry waits for the first request's response before answering 409. */
const MAX_WAIT_MS = 30_000;
/** Expired keys of a company are deleted at most this often per node, on its next keyed POST. */
const CLEANUP_EVERY_MS = 10 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** sha256 over method, URL (path and query) and body: what "the same request" means. */
export function requestFingerprint(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(typeof body === 'string' ? body : JSON.stringify(body ?? null));
  return hash.digest('hex');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db; clock: () => Date }) => {
  app.decorateRequest('idempotencyClaim', null);
  const lastCleanup = new Map<string, number>();

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[HEADER];
    if (request.method !== 'POST' || header === undefined || !request.user) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('VALIDATION', 'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles', { details: [{ path: 'Idempotency-Key', message: 'valor inválido' }] });
    }
    const { companyId } = request.user;
    const fingerprint = requestFingerprint(request);

    const since = opts.clock().getTime() - (lastCleanup.get(companyId) ?? -Infinity);
    if (since >= CLEANUP_EVERY_MS) {
      lastCleanup.set(companyId, opts.clock().getTime());
      await deleteExpiredIdempotencyKeys(opts.db, { companyId, now: opts.clock() });
    }

    const started = Date.now();
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const claim = await claimIdempotencyKey(opts.db, { companyId, key, fingerprint, now: opts.clock() });
      if (claim.outcome === 'claimed') {
        request.idempotencyClaim = { companyId, key };
        return;
      }
      if (claim.outcome === 'mismatch') {
        throw new AppError('UNPROCESSABLE', 'Esta Idempotency-Key ya se usó con otra solicitud (otro método, ruta o cuerpo); use una clave nueva para cada operación', {
          details: [{ path: 'Idempotency-Key', message: 'ya usada con otra solicitud' }],
        });
      }
      if (claim.outcome === 'replay') {
        const { statusCode, contentType, body } = claim.response;
        reply.code(statusCode).header('idempotent-replayed', 'true');
        if (contentType) reply.header('content-type', contentType);
        return reply.send(body);
      }
      if (Date.now() - started > MAX_WAIT_MS) {
        throw new AppError('CONFLICT', 'Una solicitud con la misma Idempotency-Key sigue en curso; reintente en unos segundos');
      }
      await sleep(pause);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const storable = payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    if (reply.statusCode >= 400 || !storable) {
      await releaseIdempotencyKey(opts.db, claim);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await saveIdempotentResponse(opts.db, {
      ...claim,
      response: {
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload ?? '', 'utf8'),
      },
    });
    return payload;
  });
});
