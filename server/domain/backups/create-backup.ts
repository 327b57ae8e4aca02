/**
 * Takes a backup (DESIGN.md §15): the database's dump as its holder gives it and the secrets of
 * DATA_DIR (`secret.key` encrypts every certificate and second-factor secret: without it the
 * restored company cannot sign; `jwt.secret` keeps sessions valid), sealed with a passphrase.
 * `EMITE_ENCRYPTION_KEY` from the environment is bundled as `secret.key` (same format); a
 * `JWT_SECRET` from the environment is not (it only signs sessions: users sign in again).
 * @throws what sealBackup and `dump` throw.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sealBackup, type BackupHeader } from './backup-file.ts';

export const SECRET_FILES = ['jwt.secret', 'secret.key'] as const;

/** DATA_DIR's secret files as text, with EMITE_ENCRYPTION_KEY standing for secret.key when set. */
export function readSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const name of SECRET_FILES) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) secrets[name] = readFileSync(file, 'utf8').trim();
  }
  if (env.EMITE_ENCRYPTION_KEY) secrets['secret.key'] = env.EMITE_ENCRYPTION_KEY.trim();
  return secrets;
}

export async function createBackup(p: {
  database: BackupHeader['database'];
  /** The dump: PGlite's data folder tarball, or pg_dump's custom format. */
  dump: () => Promise<Uint8Array>;
  dataDir: string;
  appVersion: string;
  passphrase: string;
  now: Date;
  /** scrypt work factor (log2) for the passphrase; default age's. */
  scryptLogN?: number;
}): Promise<Uint8Array> {
  const header: BackupHeader = { format: 'emite-backup', version: 1, createdAt: p.now.toISOString(), appVersion: p.appVersion, database: p.database, secrets: readSecrets(p.dataDir) };
  return sealBackup({ header, dump: await p.dump() }, p.passphrase, { scryptLogN: p.scryptLogN });
}
