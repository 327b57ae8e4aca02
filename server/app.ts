/**
 * buildApp(deps): the whole API as one Fastify instance — plugins, then routes. Tests build the
 * same app in-process; main.ts only opens the database, builds and listens.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { AppDeps } from './app-deps.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { createCompanySchemas, type CompanySchemas } from './domain/screens/company-schemas.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerEdgeRules } from './plugins/edge-rules.ts';
import { httpPartValidatorCompiler } from './plugins/validator-compiler.ts';
import { registerCors } from './plugins/cors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { backgroundTasksPlugin } from './plugins/background-tasks.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { fastifyTrustProxy } from './plugins/trust-proxy.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { COMPROBANTE_TYPES } from './domain/comprobantes/registry.ts';
import { authRoutes } from './routes/auth/index.ts';
import { userRoutes } from './routes/user/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { resourceRoutes } from './routes/resources/index.ts';
import { importRoutes } from './routes/resources/import-routes.ts';
import { comprobanteIssuingRoutes, comprobanteRoutes } from './routes/comprobantes/index.ts';
import { certificateRoutes } from './routes/admin/certificate-routes.ts';
import { recordRoutes } from './routes/record/index.ts';
import { dashboardRoutes } from './routes/dashboard/index.ts';
import { backupRoute } from './routes/internal/backup-route.ts';
import { reportRoutes } from './routes/reports/index.ts';
import { receivedDocumentRoutes } from './routes/received-document/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { receivablesRoutes } from './routes/receivables/index.ts';
import { startWorker, type WorkerDeps } from './app-worker.ts';
import { createSriPort } from './sri/sri-port.ts';
import { createDbSandboxStore, sriSandboxPlugin } from './sri/sandbox.ts';
import { injectFetch } from './http/inject-fetch.ts';
import { registerListExports } from './routes/list-export.ts';
import { webhookOptions } from './routes/admin/webhook-routes.ts';
import { startDailyCertificateCheck } from './domain/webhooks/announce-expiring-certificates.ts';
import { startDailyReceivedCheck } from './domain/received/received-sri-check.ts';
import { startDelayedSweep } from './domain/comprobantes/announce-delayed.ts';
import { startAnnulmentCheck } from './domain/comprobantes/annulment/start-annulment-check.ts';
import { DEFAULT_ANNULMENT_CHECK_MS } from './config.ts';
import { registerStaticAssets } from './http/static-assets.ts';
import { batchRoutes } from './routes/comprobantes/batch-routes.ts';
import { runBatchJob, type BatchRunnerDeps } from './domain/comprobantes/batch/run-batch.ts';

/**
 * Kept only for server/routes/comprobantes and server/domain/comprobantes (the lead's, being rewritten)
 * (comprobante registry): new code imports server/app-deps.ts. Delete once nothing imports it here.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's change feed (deps.changeFeed): subscribe to other nodes' committed changes. */
    changeFeed: ChangeFeed;
    /**
     * Each company's effective schemas (deployment's registry + the company's layers, DESIGN.md
     * §13): routes validate, list and export with `companySchemas.registryFor(companyId)`.
     */
    companySchemas: CompanySchemas;
  }
}

/** Origin under which the built-in sandbox is reached through app.inject (never over a socket). */
const INTERNAL_SANDBOX = 'http://emite.internal';


export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // Trusting every proxy would let a client choose its rate-limit key with X-Forwarded-For.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Unique across nodes and restarts (Fastify's default counts from req-1 in each process), so the
    // requestId of a 5xx body finds one log line. A proxy's X-Request-Id is kept when it is plain.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
  });
  app.decorate('changeFeed', deps.changeFeed);
  const companySchemas = createCompanySchemas({ db: deps.db, base: deps.schemas, changeFeed: deps.changeFeed, log: (msg) => app.log.warn(msg) });
  app.decorate('companySchemas', companySchemas);
  // Before the feed closes (hooks run in reverse order of registration).
  app.addHook('onClose', () => deps.changeFeed.close());
  app.addHook('onClose', async () => companySchemas.close());
  app.setValidatorCompiler(httpPartValidatorCompiler());
  registerErrorHandler(app);
  registerEdgeRules(app);
  const corsOrigins = deps.config.corsOrigins ?? [];
  await registerCors(app, corsOrigins);
  // CSP and HSTS differ by protocol (plain HTTP on an office LAN must not upgrade to https).
  registerSecurityHeaders(app, { crossOrigin: corsOrigins.length > 0 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Demasiadas solicitudes; intente de nuevo en ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });
  await app.register(authPlugin, { db: deps.db, jwt: deps.jwt, roleCache: deps.roleCache, changeFeed: deps.changeFeed, clock: deps.clock, apiKeyRateLimit: deps.config.apiKeyRateLimit ?? 600 });
  // After auth (the key is per company), before the routes (their POSTs get its hooks).
  await app.register(idempotencyPlugin, { db: deps.db, clock: deps.clock });
  await app.register(backgroundTasksPlugin);
  await registerOpenApi(app, { version: deps.version, types: COMPROBANTE_TYPES.map((t) => t.meta) });

  app.get(
    '/api/health',
    { schema: { summary: 'Estado del servicio y de la base de datos', response: { 200: { type: 'object', properties: { status: { type: 'string' }, db: { type: 'string' }, version: { type: 'string' } } } } } },
    async () => ({ status: 'ok', db: deps.dbKind, version: deps.version }),
  );
  // Every list route registered from here on gets its `<path>/export` CSV twin.
  registerListExports(app, deps);
  await authRoutes(app, deps);
  await userRoutes(app, deps);
  await adminRoutes(app, deps);
  await resourceRoutes(app, deps);
  await importRoutes(app, deps);
  await comprobanteRoutes(app, deps);
  await certificateRoutes(app, deps);
  await recordRoutes(app, deps);
  await dashboardRoutes(app, deps);
  await backupRoute(app, deps);
  await reportRoutes(app, deps);
  await paymentRoutes(app, deps);
  await receivablesRoutes(app, deps);

  // Kept in the database: a restart (or another node) answers for earlier receptions as before.
  if (deps.config.sriEnv === 'sandbox') await app.register(sriSandboxPlugin, { store: createDbSandboxStore(deps.db), authorizeDelayMs: deps.config.sriSandboxDelayMs, clock: deps.sriSandboxClock });
  const sri = deps.sri ?? createSriPort({
    sriEnv: deps.config.sriEnv,
    recepcionUrl: deps.config.sriRecepcionUrl,
    autorizacionUrl: deps.config.sriAutorizacionUrl,
    consultaUrl: deps.config.sriConsultaUrl,
    sandboxBaseUrl: INTERNAL_SANDBOX,
    // The built-in sandbox through app.inject; any other URL (an explicit SRI_*_URL) over the network.
    ...(deps.config.sriEnv === 'sandbox' ? { fetch: injectFetch(app), fetchOnlyFor: `${INTERNAL_SANDBOX}/` } : {}),
  });
  const workerDeps: WorkerDeps = { db: deps.db, sri, mailer: deps.mailer, clock: deps.clock, log: app.log, webhooks: webhookOptions(deps), resendAfterMs: deps.config.sriResendAfterMs };
  await comprobanteIssuingRoutes(app, deps, workerDeps);
  const batchRunner: BatchRunnerDeps = { worker: workerDeps, secretBox: deps.secretBox, consumidorFinalCap: deps.config.consumidorFinalCap, schemasFor: (companyId) => companySchemas.registryFor(companyId), lotePollDelaysMs: deps.config.sriLotePollMs };
  workerDeps.runBatch = (job) => runBatchJob(batchRunner, job);
  await batchRoutes(app, deps, batchRunner);
  await receivedDocumentRoutes(app, deps, sri);
  if (deps.config.worker) {
    const worker = startWorker(workerDeps);
    deps.kickWorker = worker.kick;
    app.addHook('onClose', () => worker.stop());
    const certificateCheck = startDailyCertificateCheck(workerDeps);
    app.addHook('onClose', async () => certificateCheck.stop());
    // DESIGN.md §10: unconfirmed received documents confirmed again, and this and last month's asked about.
    const receivedCheck = startDailyReceivedCheck({ db: deps.db, sri, clock: deps.clock, log: app.log });
    app.addHook('onClose', async () => receivedCheck.stop());
    // DESIGN.md §10 same-day authorisation: still waiting for the SRI at 20:00 of the emission day.
    const delayedSweep = startDelayedSweep({ db: deps.db, mailer: deps.mailer, clock: deps.clock, log: app.log });
    app.addHook('onClose', async () => delayedSweep.stop());
    const annulmentCheck = startAnnulmentCheck(workerDeps, deps.config.sriAnnulmentCheckMs ?? DEFAULT_ANNULMENT_CHECK_MS);
    app.addHook('onClose', async () => annulmentCheck.stop());
  }

  if (deps.config.staticDir && existsSync(deps.config.staticDir)) {
    await registerStaticAssets(app, deps.config.staticDir);
  }
  return app;
}
