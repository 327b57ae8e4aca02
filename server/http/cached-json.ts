/**
 * JSON answers that only change with a version (issue 30: the first screen's schemas, about 84 kB
 * as JSON, fetched by every cold start): serialised once per version and sent compressed.
 *
 * `sendVersionedJson(request, reply, version, build)` keeps, per `version` object (a WeakMap, so a
 * version the caller's cache drops is dropped here too), the JSON bytes and, on first demand, their
 * brotli (quality 5) and gzip (level 6) forms. The request's `Accept-Encoding` picks br, then gzip,
 * then the plain bytes; the answer carries `Vary: Accept-Encoding`. Bodies under 1 KiB go plain.
 * Source: RFC 9110 §12.5.3 (Accept-Encoding, q=0 refuses a coding).
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Encoded {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const cache = new WeakMap<object, Encoded>();
const MIN_BYTES = 1024;

/**
 * The codings a request accepts, in our order of preference (br, gzip), leaving out those with q=0.
 * @example acceptedCodings('gzip, deflate, br, zstd') // ['br', 'gzip']
 */
export function acceptedCodings(header: string | undefined): Array<'br' | 'gzip'> {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) : 1);
  }
  const accepts = (coding: string) => {
    const v = q.get(coding) ?? q.get('*');
    return v !== undefined && v > 0;
  };
  return (['br', 'gzip'] as const).filter(accepts);
}

/**
 * Send `build()`'s JSON for `version`, serialised once and compressed once per coding.
 * @param version an object that stands for this content (a new object = new content).
 */
export function sendVersionedJson(request: FastifyRequest, reply: FastifyReply, version: object, build: () => unknown): FastifyReply {
  let encoded = cache.get(version);
  if (!encoded) {
    encoded = { json: Buffer.from(JSON.stringify(build())) };
    cache.set(version, encoded);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoded.json.length < MIN_BYTES) return reply.send(encoded.json);
  const coding = acceptedCodings(request.headers['accept-encoding'])[0];
  if (coding === 'br') {
    encoded.br ??= brotliCompressSync(encoded.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: encoded.json.length } });
    return reply.header('content-encoding', 'br').send(encoded.br);
  }
  if (coding === 'gzip') {
    encoded.gzip ??= gzipSync(encoded.json, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  }
  return reply.send(encoded.json);
}
