/**
 * Configuration from environment variables, validated once at start (DESIGN.md §2).
 * @throws Error listing every bad value with how to fix it.
 */
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './plugins/trust-proxy.ts';
import { parseCorsOrigin } from './plugins/cors.ts';
import { DEFAULT_RESEND_AFTER_MS } from './domain/comprobantes/jobs/resend-policy.ts';

/** Default SRI_ANNULMENT_CHECK_MS: one hour (DESIGN.md §10). */
export const DEFAULT_ANNULMENT_CHECK_MS = 3_600_000;

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  smtpUrl?: string;
  appUrl: string;
  sriEnv: 'sandbox' | 'pruebas' | 'produccion';
  sriRecepcionUrl?: string;
  sriAutorizacionUrl?: string;
  /** SRI_CONSULTA_URL: the consultation service (ConsultaComprobante) for every comprobante. */
  sriConsultaUrl?: string;
  schemasDir?: string;
  /** Consumidor final cap per invoice, USD (SRI practice; one secondary source says 50). */
  consumidorFinalCap: number;
  demo: boolean;
  workers: boolean;
  /** TRUST_PROXY: hops allowed to set X-Forwarded-For (default false: the socket address counts). */
  /** Requests per minute per IP on each /auth route (AUTH_RATE_LIMIT); unset: the app's default. */
  authRateLimit?: number;
  /** Requests per minute per API key on /api (API_KEY_RATE_LIMIT); unset: the app's default. */
  apiKeyRateLimit?: number;
  trustProxy: TrustProxy;
  /** CORS_ORIGIN: origins of a front end on another host; [] = same origin only. */
  corsOrigins: string[];
  /** SRI_RESEND_AFTER_MS: resend a comprobante still without autorización this long after its send (domain/comprobantes/jobs/resend-policy.ts). */
  sriResendAfterMs: number;
  /**
   * SRI_LOTE_POLL_MS: pauses before each ask for a lote's autorizaciones in a batch issue, ms, e.g.
   * "0,250,500,1000,2000" (the default, batch/run-batch.ts); what is still unanswered after the
   * last goes to the single path. Unset: that default.
   */
  sriLotePollMs?: number[];
  /** SRI_ANNULMENT_CHECK_MS: how often the open anulaciones are asked about (domain/comprobantes/annulment/start-annulment-check.ts). */
  sriAnnulmentCheckMs: number;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may target loopback and private addresses (tests, a LAN receiver). */
  webhookAllowPrivate: boolean;
  /** BACKUP_DIR: the server writes a daily backup there (domain/backups/backup-schedule.ts); unset: none. */
  backupDir?: string;
  /** BACKUP_KEEP: how many daily backups to keep (default 14). */
  backupKeep: number;
  /** EMITE_BACKUP_PASSPHRASE: required with BACKUP_DIR. */
  backupPassphrase?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT="${env.PORT}" debe ser un número de puerto (0–65535)`);
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) problems.push('DATABASE_URL debe empezar con postgres:// o postgresql://');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL debe empezar con smtp:// o smtps://');
  const sriEnv = (env.SRI_ENV ?? 'sandbox') as Config['sriEnv'];
  if (!['sandbox', 'pruebas', 'produccion'].includes(sriEnv)) problems.push(`SRI_ENV="${env.SRI_ENV}" debe ser sandbox, pruebas o produccion`);
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) problems.push('JWT_SECRET debe tener al menos 32 caracteres');
  const appUrl = env.APP_URL ?? `http://localhost:${port}`;
  if (!/^https?:\/\//.test(appUrl)) problems.push('APP_URL debe empezar con http:// o https://');
  // Empty (CONSUMIDOR_FINAL_CAP= in an env file) means unset, as for the URLs above; Number('') would be a cap of 0.
  const capText = env.CONSUMIDOR_FINAL_CAP?.trim();
  const cap = capText ? Number(capText) : 50;
  if (!(cap >= 0)) problems.push('CONSUMIDOR_FINAL_CAP debe ser un número >= 0 (USD)');
  if (env.AUTH_RATE_LIMIT && !/^[1-9]\d{0,6}$/.test(env.AUTH_RATE_LIMIT)) problems.push(`AUTH_RATE_LIMIT="${env.AUTH_RATE_LIMIT}" debe ser un número entero de solicitudes por minuto (≥ 1)`);
  const resendText = env.SRI_RESEND_AFTER_MS?.trim();
  const sriResendAfterMs = resendText ? Number(resendText) : DEFAULT_RESEND_AFTER_MS;
  // At least 10 s: the SRI may take a few seconds to process; at most a day (it answers within 24 h).
  if (!(Number.isInteger(sriResendAfterMs) && sriResendAfterMs >= 10_000 && sriResendAfterMs <= 86_400_000)) {
    problems.push(`SRI_RESEND_AFTER_MS="${env.SRI_RESEND_AFTER_MS}" debe ser un número entero de milisegundos entre 10000 (10 s) y 86400000 (24 h)`);
  }
  const lotePollText = env.SRI_LOTE_POLL_MS?.trim();
  const sriLotePollMs = lotePollText ? lotePollText.split(',').map((x) => (/^\d{1,5}$/.test(x.trim()) ? Number(x.trim()) : Number.NaN)) : undefined;
  // 1 to 10 pauses of at most a minute each: past that the single path's own polling takes over.
  if (sriLotePollMs && !(sriLotePollMs.length <= 10 && sriLotePollMs.every((ms) => ms >= 0 && ms <= 60_000))) {
    problems.push(`SRI_LOTE_POLL_MS="${env.SRI_LOTE_POLL_MS}" debe ser una lista de 1 a 10 pausas en milisegundos separadas por comas (0 a 60000 cada una), p. ej. 0,250,500,1000,2000`);
  }
  const annulmentText = env.SRI_ANNULMENT_CHECK_MS?.trim();
  const sriAnnulmentCheckMs = annulmentText ? Number(annulmentText) : DEFAULT_ANNULMENT_CHECK_MS;
  // At least a minute (the SRI's portal is a person's step), at most a day (the receiver has 5 business days).
  if (!(Number.isInteger(sriAnnulmentCheckMs) && sriAnnulmentCheckMs >= 60_000 && sriAnnulmentCheckMs <= 86_400_000)) {
    problems.push(`SRI_ANNULMENT_CHECK_MS="${env.SRI_ANNULMENT_CHECK_MS}" debe ser un número entero de milisegundos entre 60000 (1 min) y 86400000 (24 h)`);
  }
  if (env.SRI_CONSULTA_URL && !/^https?:\/\//.test(env.SRI_CONSULTA_URL)) problems.push('SRI_CONSULTA_URL debe empezar con http:// o https://');
  if (env.API_KEY_RATE_LIMIT && !/^[1-9]\d{0,6}$/.test(env.API_KEY_RATE_LIMIT)) problems.push(`API_KEY_RATE_LIMIT="${env.API_KEY_RATE_LIMIT}" debe ser un número entero de solicitudes por minuto (≥ 1)`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'problem' in trustProxy) problems.push(trustProxy.problem);
  const corsOrigins = parseCorsOrigin(env.CORS_ORIGIN);
  if ('problem' in corsOrigins) problems.push(corsOrigins.problem);
  if (env.WEBHOOK_ALLOW_PRIVATE && !['0', '1'].includes(env.WEBHOOK_ALLOW_PRIVATE)) problems.push(`WEBHOOK_ALLOW_PRIVATE="${env.WEBHOOK_ALLOW_PRIVATE}" debe ser 0 o 1`);
  const keepText = env.BACKUP_KEEP?.trim();
  const backupKeep = keepText ? Number(keepText) : 14;
  if (!(Number.isInteger(backupKeep) && backupKeep >= 1 && backupKeep <= 3650)) problems.push(`BACKUP_KEEP="${env.BACKUP_KEEP}" debe ser un número entero de copias entre 1 y 3650`);
  if (env.BACKUP_DIR && (env.EMITE_BACKUP_PASSPHRASE ?? '').length < 12) problems.push('BACKUP_DIR necesita EMITE_BACKUP_PASSPHRASE (al menos 12 caracteres): la contraseña con la que se cifran las copias diarias');
  if (problems.length) throw new Error(`Configuración inválida:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL || undefined,
    appUrl: appUrl.replace(/\/$/, ''),
    sriEnv,
    sriRecepcionUrl: env.SRI_RECEPCION_URL || undefined,
    sriAutorizacionUrl: env.SRI_AUTORIZACION_URL || undefined,
    sriConsultaUrl: env.SRI_CONSULTA_URL || undefined,
    schemasDir: env.SCHEMAS_DIR ? path.resolve(env.SCHEMAS_DIR) : undefined,
    consumidorFinalCap: cap,
    demo: env.EMITE_DEMO !== '0',
    workers: env.EMITE_WORKERS !== '0',
    authRateLimit: env.AUTH_RATE_LIMIT ? Number(env.AUTH_RATE_LIMIT) : undefined,
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT ? Number(env.API_KEY_RATE_LIMIT) : undefined,
    trustProxy: trustProxy as TrustProxy,
    corsOrigins: corsOrigins as string[],
    sriResendAfterMs,
    sriLotePollMs,
    sriAnnulmentCheckMs,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupKeep,
    backupPassphrase: env.EMITE_BACKUP_PASSPHRASE || undefined,
  };
}
