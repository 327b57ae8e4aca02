/**
 * What buildApp needs from its caller (main.ts, the tests, the benchmarks): the database, the
 * configuration and the services. Its own module so route files depend on it, not on app.ts.
 */
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JwtService } from './auth/jwt.ts';
import type { SecretBox } from './auth/secret-box.ts';
import type { RoleCache } from './domain/auth/role-cache.ts';
import type { SchemaRegistry } from './schemas/registry.ts';
import type { SriPort } from './jobs/sri-port.ts';
import type { TrustProxy } from './plugins/trust-proxy.ts';

export interface AppConfig {
  appUrl: string;
  /** Requests per minute per IP on each /auth route. */
  authRateLimit?: number;
  /** Requests per minute per API key on /api (API_KEY_RATE_LIMIT); default 600. */
  apiKeyRateLimit?: number;
  /** Hops allowed to set X-Forwarded-For (TRUST_PROXY); default false: the socket address is the client. */
  trustProxy?: TrustProxy;
  /** Origins of a front end on another host (CORS_ORIGIN); default none: same origin only. */
  corsOrigins?: string[];
  consumidorFinalCap: number;
  sriEnv: 'sandbox' | 'pruebas' | 'produccion';
  /** Built SPA to serve at `/` (vite build output); skipped when missing. */
  staticDir?: string;
  /**
   * Explicit SRI endpoints, used for every invoice. Unset: SRI_ENV=sandbox uses the built-in
   * sandbox; pruebas|produccion send each invoice to the host of its own ambiente (1 celcer, 2 cel).
   */
  sriRecepcionUrl?: string;
  sriAutorizacionUrl?: string;
  /**
   * SRI_RESEND_AFTER_MS: an invoice the SRI received this long ago and still answers zero
   * autorizaciones for was not processed: the worker sends it again (jobs/resend-policy.ts).
   */
  sriResendAfterMs?: number;
  /** The built-in sandbox answers zero autorizaciones this long after reception, ms (tests). */
  sriSandboxDelayMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback and private addresses. */
  webhookAllowPrivate?: boolean;
  /** Run the background job worker (SRI retries, mail); tests drive it by hand. */
  worker?: boolean;
}

export interface AppDeps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  mailer: Mailer;
  clock: () => Date;
  jwt: JwtService;
  roleCache: RoleCache;
  secretBox: SecretBox;
  schemas: SchemaRegistry;
  version: string;
  logger?: boolean | object;
  /** SRI web services; default: the built-in sandbox (SRI_ENV=sandbox) or the SOAP endpoints. */
  sri?: SriPort;
  /** Set by buildApp when the worker runs: ask it for a pass now. */
  kickWorker?: () => void;
}
