import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadConfig } from '../../../server/config.ts';
import { parseTrustProxy } from '../../../server/plugins/trust-proxy.ts';
import { parseCorsOrigin } from '../../../server/plugins/cors.ts';

/** The error message loadConfig throws for `env`, split into its `- ` lines. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    const [head, ...lines] = (err as Error).message.split('\n');
    expect(head).toBe('Configuración inválida:');
    return lines.map((l) => l.replace(/^- /, ''));
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('gives safe defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, sriEnv: 'sandbox', appUrl: 'http://localhost:3000', trustProxy: false, corsOrigins: [], demo: true, webhookAllowPrivate: false });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sriResendAfterMs).toBe(120_000);
    expect(loadConfig({ SRI_RESEND_AFTER_MS: '300000' }).sriResendAfterMs).toBe(300_000);
    expect(c.sriLotePollMs).toBeUndefined();
    expect(loadConfig({ SRI_LOTE_POLL_MS: '100, 500,2000' }).sriLotePollMs).toEqual([100, 500, 2000]);
    expect(c.sriAnnulmentCheckMs).toBe(3_600_000);
    expect(loadConfig({ SRI_ANNULMENT_CHECK_MS: '600000' }).sriAnnulmentCheckMs).toBe(600_000);
    expect(c.sriConsultaUrl).toBeUndefined();
    expect(loadConfig({ SRI_CONSULTA_URL: 'https://proxy.example/consulta' }).sriConsultaUrl).toBe('https://proxy.example/consulta');
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT="abc" debe ser un número de puerto/],
    [{ PORT: '70000' }, /^PORT="70000"/],
    [{ PORT: '80.5' }, /^PORT="80.5"/],
    [{ SRI_ENV: 'prod' }, /^SRI_ENV="prod" debe ser sandbox, pruebas o produccion$/],
    [{ JWT_SECRET: 'corto' }, /^JWT_SECRET debe tener al menos 32 caracteres$/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL debe empezar con postgres:\/\//],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL debe empezar con smtp:\/\//],
    [{ APP_URL: 'emite.ec' }, /^APP_URL debe empezar con http:\/\//],
    [{ CONSUMIDOR_FINAL_CAP: '-1' }, /^CONSUMIDOR_FINAL_CAP debe ser un número/],
    [{ AUTH_RATE_LIMIT: '0' }, /^AUTH_RATE_LIMIT="0" debe ser un número entero/],
    [{ SRI_RESEND_AFTER_MS: '500' }, /^SRI_RESEND_AFTER_MS="500" debe ser un número entero de milisegundos entre 10000/],
    [{ SRI_RESEND_AFTER_MS: 'dos minutos' }, /^SRI_RESEND_AFTER_MS="dos minutos"/],
    [{ AUTH_RATE_LIMIT: 'mucho' }, /^AUTH_RATE_LIMIT="mucho"/],
    [{ SRI_LOTE_POLL_MS: '0,250,medio segundo' }, /^SRI_LOTE_POLL_MS="0,250,medio segundo" debe ser una lista de 1 a 10 pausas/],
    [{ SRI_LOTE_POLL_MS: '0,90000' }, /^SRI_LOTE_POLL_MS="0,90000"/],
    [{ SRI_LOTE_POLL_MS: '0,,250' }, /^SRI_LOTE_POLL_MS="0,,250"/],
    [{ SRI_ANNULMENT_CHECK_MS: '1000' }, /^SRI_ANNULMENT_CHECK_MS="1000" debe ser un número entero de milisegundos entre 60000/],
    [{ SRI_ANNULMENT_CHECK_MS: 'una hora' }, /^SRI_ANNULMENT_CHECK_MS="una hora"/],
    [{ SRI_CONSULTA_URL: 'cel.sri.gob.ec' }, /^SRI_CONSULTA_URL debe empezar con http:\/\//],
    [{ WEBHOOK_ALLOW_PRIVATE: 'si' }, /^WEBHOOK_ALLOW_PRIVATE="si" debe ser 0 o 1$/],
    [{ TRUST_PROXY: 'sí' }, /^TRUST_PROXY="sí" debe ser false, true, un número/],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/99' }, /no válido: "10.0.0.0\/99"/],
    [{ CORS_ORIGIN: 'app.emite.ec' }, /^CORS_ORIGIN="app.emite.ec" debe ser \*/],
    [{ CORS_ORIGIN: 'https://app.emite.ec/panel' }, /no válido: "https:\/\/app.emite.ec\/panel"/],
  ])('refuses %o with one clear message', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('lists every bad value at once, one line each, without echoing secrets', () => {
    const problems = problemsOf({ PORT: '-1', SRI_ENV: 'x', JWT_SECRET: 'secreto-corto', DATABASE_URL: 'mysql://user:clave-db@h/db', TRUST_PROXY: 'todos' });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toMatch(/secreto-corto|clave-db/);
  });

  it('reads the network settings', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ CORS_ORIGIN: 'https://app.emite.ec/, http://localhost:5173' }).corsOrigins).toEqual(['https://app.emite.ec', 'http://localhost:5173']);
    expect(loadConfig({ AUTH_RATE_LIMIT: '' }).port).toBe(3000);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%o -> %o', (raw, value) => expect(parseTrustProxy(raw)).toEqual(value));

  it('refuses host names and bad ranges', () => {
    for (const raw of ['proxy.local', '10.0.0.1/33', '1.2.3.4/8/8', 'yes']) expect(parseTrustProxy(raw)).toHaveProperty('problem');
  });
});

describe('parseCorsOrigin', () => {
  it('accepts origins and *, refuses paths and other schemes', () => {
    expect(parseCorsOrigin(undefined)).toEqual([]);
    expect(parseCorsOrigin('*')).toEqual(['*']);
    expect(parseCorsOrigin('https://a.ec:8443')).toEqual(['https://a.ec:8443']);
    for (const raw of ['ftp://a.ec', 'https://a.ec/x', 'https://a.ec?x=1', '*,https://a.ec', 'null']) expect(parseCorsOrigin(raw)).toHaveProperty('problem');
  });
});

describe('loadConfig: the daily backup settings (DESIGN.md §15)', () => {
  it('is off without BACKUP_DIR, keeps 14 by default, and needs a passphrase of 12 or more with a BACKUP_DIR', () => {
    expect(loadConfig({}).backupDir).toBeUndefined();
    expect(loadConfig({}).backupKeep).toBe(14);
    const on = loadConfig({ BACKUP_DIR: 'copias', BACKUP_KEEP: '30', EMITE_BACKUP_PASSPHRASE: 'una frase larga' });
    expect(on.backupDir).toBe(path.resolve('copias'));
    expect(on.backupKeep).toBe(30);
    expect(problemsOf({ BACKUP_DIR: 'copias', EMITE_BACKUP_PASSPHRASE: 'corta' })[0]).toMatch(/^BACKUP_DIR necesita EMITE_BACKUP_PASSPHRASE \(al menos 12 caracteres\)/);
    expect(problemsOf({ BACKUP_KEEP: '0' })[0]).toMatch(/^BACKUP_KEEP="0" debe ser un número entero de copias entre 1 y 3650/);
  });
});
