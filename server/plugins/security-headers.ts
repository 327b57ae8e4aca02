/**
 * Security headers (helmet's set), computed once at start in two variants and chosen per request by
 * how the request arrived: `request.protocol`, which is 'https' only on a TLS socket or, with
 * TRUST_PROXY, when a trusted proxy says so with X-Forwarded-Proto.
 *
 * Why two variants: over plain HTTP (a second PC in the office opening http://192.168.1.10:3000) a
 * CSP with `upgrade-insecure-requests` makes the browser rewrite every script and call to https://,
 * where nothing listens, and the app is a blank page; HSTS over HTTP is ignored by browsers and only
 * misleads. So both go out only over HTTPS. Cross-Origin-Opener-Policy is also left out over HTTP,
 * where browsers ignore it on an untrustworthy origin and log an error for each page.
 *
 * Why once: helmet builds its middleware (and parses the CSP) on every call; @fastify/helmet calls it
 * per request. Here helmet runs twice at start against a recorder, and each request copies a frozen
 * header object.
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export type HeaderSet = Readonly<Record<string, string>>;

/** The app's CSP directives, over helmet's defaults (base-uri, form-action, frame-ancestors 'self', …). */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  // rjsf's Ajv compiles validators with new Function; schemas arrive at run time (SCHEMAS_DIR),
  // so they cannot be precompiled at build time.
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
};

/** Runs helmet's middleware once against a response that only records the headers it sets. */
function recordHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * The two header sets: `https` (CSP with upgrade-insecure-requests, helmet's HSTS of one year, COOP) and `http`
 * (the same CSP without upgrade-insecure-requests, no HSTS, no COOP).
 * @param crossOrigin true when CORS_ORIGIN lets a front end on another host load API answers.
 */
export function securityHeaderSets(opts: { crossOrigin: boolean }): { http: HeaderSet; https: HeaderSet } {
  const common = {
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: opts.crossOrigin ? ('cross-origin' as const) : ('same-origin' as const) },
  };
  return {
    https: recordHeaders({
      ...common,
      contentSecurityPolicy: { directives: { ...DIRECTIVES, upgradeInsecureRequests: [] } },
    }),
    http: recordHeaders({
      ...common,
      contentSecurityPolicy: { directives: { ...DIRECTIVES, upgradeInsecureRequests: null } },
      strictTransportSecurity: false,
      crossOriginOpenerPolicy: false,
    }),
  };
}

/**
 * Adds the onRequest hook that sends `https` or `http` headers per `request.protocol` on every
 * answer (API, static files, 404s).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { crossOrigin: boolean }): void {
  const sets = securityHeaderSets(opts);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? sets.https : sets.http);
    done();
  });
}
