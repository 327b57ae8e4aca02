/**
 * TRUST_PROXY: which hops may set X-Forwarded-For. Off by default: the client address is the
 * socket's, so a client cannot pick its own rate-limit key (or log address) with a forged header.
 */
import { isIP } from 'node:net';

/** Fastify's `trustProxy`: off, every hop (only behind a proxy that overwrites the header), a hop count, or proxy addresses. */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(value: string): boolean {
  if (NAMED_RANGES.includes(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Parse TRUST_PROXY: unset, '' or 'false' -> false; 'true' -> true; a whole number n -> trust n
 * hops (0 = false); otherwise a comma-separated list of proxy addresses, CIDR ranges or
 * loopback|linklocal|uniquelocal.
 * @returns the value, or `{problem}` with a Spanish message saying how to fix it.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const list = value.split(',').map((v) => v.trim());
  const bad = list.filter((v) => !isAddressOrCidr(v));
  if (bad.length) {
    return {
      problem: `TRUST_PROXY="${raw}" debe ser false, true, un número de proxies o una lista de IP/CIDR separadas por comas (no válido: ${bad.map((b) => `"${b}"`).join(', ')})`,
    };
  }
  return list;
}

/**
 * The value for Fastify's `trustProxy` option: a hop count becomes the equivalent function (Fastify
 * accepts a number at run time but its types do not); undefined -> false.
 */
export function fastifyTrustProxy(tp: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp ?? false;
}
