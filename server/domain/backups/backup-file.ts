/**
 * The backup file (`npm run backup`, DESIGN.md §15): the database dump and DATA_DIR's secrets in one
 * gzip'ed bundle, encrypted with a passphrase by age (age-encryption: scrypt for the passphrase,
 * ChaCha20-Poly1305 per 64 KiB chunk, so a changed byte or a wrong passphrase is refused, never
 * half-read). Plain layout before compression and encryption:
 *   `EMITE-BACKUP/1\n` + header JSON + `\n` + the dump's bytes
 * (PGlite: its data folder as a tarball; PostgreSQL: pg_dump's custom format).
 * @throws AppError BACKUP_PASSPHRASE (wrong passphrase or altered file), BACKUP_INVALID (not a backup).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import { AppError } from '../../errors.ts';

const MAGIC = 'EMITE-BACKUP/1\n';

export interface BackupHeader {
  format: 'emite-backup';
  version: 1;
  createdAt: string;
  appVersion: string;
  /** Where the dump came from; a restore goes to the same kind. */
  database: 'pglite' | 'postgres';
  /** DATA_DIR's secret files by name (`jwt.secret`, `secret.key`), as their text. */
  secrets: Record<string, string>;
}

export interface Backup {
  header: BackupHeader;
  dump: Uint8Array;
}

/** Passphrases shorter than this are refused: the file may leave the building. */
export const MIN_PASSPHRASE = 12;

/**
 * @param opts.scryptLogN scrypt's work factor (log2), default age's 18 (about a second of CPU, which
 *   is what makes guessing the passphrase slow); tests use less.
 */
export async function sealBackup(backup: Backup, passphrase: string, opts: { scryptLogN?: number } = {}): Promise<Uint8Array> {
  if (passphrase.length < MIN_PASSPHRASE) throw new AppError('VALIDATION', `La contraseña de la copia debe tener al menos ${MIN_PASSPHRASE} caracteres`);
  const plain = Buffer.concat([Buffer.from(MAGIC), Buffer.from(JSON.stringify(backup.header)), Buffer.from('\n'), backup.dump]);
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  if (opts.scryptLogN) encrypter.setScryptWorkFactor(opts.scryptLogN);
  return encrypter.encrypt(gzipSync(plain));
}

export async function openBackup(sealed: Uint8Array, passphrase: string): Promise<Backup> {
  if (!Buffer.from(sealed.subarray(0, 21)).toString('latin1').startsWith('age-encryption.org/v1')) {
    throw new AppError('BACKUP_INVALID', 'El archivo no es una copia de seguridad de Emite (no está cifrado con age)');
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plain: Buffer;
  try {
    plain = gunzipSync(await decrypter.decrypt(sealed));
  } catch {
    throw new AppError('BACKUP_PASSPHRASE', 'La contraseña de la copia no es correcta, o el archivo fue alterado o está incompleto');
  }
  if (plain.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) throw new AppError('BACKUP_INVALID', 'El archivo no es una copia de seguridad de Emite');
  const end = plain.indexOf(0x0a, MAGIC.length);
  const header = JSON.parse(plain.subarray(MAGIC.length, end).toString('utf8')) as BackupHeader;
  if (header.format !== 'emite-backup' || header.version !== 1) throw new AppError('BACKUP_INVALID', `Versión de copia no admitida: ${String(header.version)}`);
  return { header, dump: plain.subarray(end + 1) };
}
