/**
 * What buildApp needs from its caller (main.ts, the tests, the benchmarks): the database, the
 * configuration and the services. Its own module so route files depend on it, not on app.ts.
 */
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JwtService } from './auth/jwt.ts';
import type { SecretBox } from './auth/secret-box.ts';
import type { RoleCache } from './auth/role-cache.ts';
import type { SchemaRegistry } from './schemas/registry.ts';
import type { SriPort } from './sri/sri-port.ts';
import type { TrustProxy } from './plugins/trust-proxy.ts';
import type { ChangeFeed } from './db/change-feed.ts';

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
  /** SRI_CONSULTA_URL; unset: the consultation service of the ambiente's host (or the sandbox). */
  sriConsultaUrl?: string;
  /** SRI_ANNULMENT_CHECK_MS: the open anulaciones are asked about this often; default one hour. */
  sriAnnulmentCheckMs?: number;
  /**
   * SRI_RESEND_AFTER_MS: an invoice the SRI received this long ago and still answers zero
   * autorizaciones for was not processed: the worker sends it again (domain/comprobantes/jobs/resend-policy.ts).
   */
  sriResendAfterMs?: number;
  /** SRI_LOTE_POLL_MS: pauses before each ask for a lote's autorizaciones, ms (default batch/run-batch.ts's 0, 250, 500, 1000, 2000). */
  sriLotePollMs?: number[];
  /** The built-in sandbox answers zero autorizaciones this long after reception, ms (tests). */
  sriSandboxDelayMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback and private addresses. */
  webhookAllowPrivate?: boolean;
  /** DATA_DIR/backup.token: what `npm run backup` sends to GET /internal/backup (PGlite only). */
  backupToken?: string;
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
  /**
   * This node's cross-node change notifications (server/db/change-feed.ts): one per app, opened by
   * its caller (openChangeFeed(database.notifications)) and closed by the app's onClose.
   */
  changeFeed: ChangeFeed;
  /** PGlite: the data folder as a tarball, for GET /internal/backup (routes/internal/backup-route.ts). */
  dumpDatabase?: () => Promise<Uint8Array>;
  /** The built-in sandbox SRI's clock (SRI_ENV=sandbox); default the system clock. Tests pass theirs to move its windows (anulación). */
  sriSandboxClock?: () => Date;
  /** Set by buildApp when the worker runs: ask it for a pass now. */
  kickWorker?: () => void;
}
