/**
 * The daily backup (BACKUP_DIR, BACKUP_KEEP; DESIGN.md §15): once a day at 02:00 in Ecuador
 * (UTC-5, no daylight saving) the running server writes `emite-<yyyy-mm-dd>T<hhmm>.age` to
 * BACKUP_DIR with the passphrase of EMITE_BACKUP_PASSPHRASE, then deletes the oldest of its own files
 * beyond BACKUP_KEEP. A failure is logged and tried again the next day; nothing else is touched.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const NAME = /^emite-\d{4}-\d{2}-\d{2}T\d{4}\.age$/;
const DAY_MS = 86_400_000;
/** 02:00 in Ecuador is 07:00 UTC. */
const AT_UTC_MS = 7 * 3_600_000;

/** The file name for a backup taken at `at` (Ecuador's wall clock). */
export function backupFileName(at: Date): string {
  const local = new Date(at.getTime() - 5 * 3_600_000).toISOString();
  return `emite-${local.slice(0, 10)}T${local.slice(11, 13)}${local.slice(14, 16)}.age`;
}

/** Milliseconds from `now` to the next 02:00 in Ecuador. */
export function msUntilNextRun(now: Date): number {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS + AT_UTC_MS;
  const next = today > now.getTime() ? today : today + DAY_MS;
  return next - now.getTime();
}

/** Deletes the oldest scheduled backups in `dir` beyond `keep`; other files stay. @returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = readdirSync(dir).filter((f) => NAME.test(f)).sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of old) rmSync(path.join(dir, f));
  return old;
}

export interface BackupSchedule {
  stop(): void;
}

/** Starts the daily timer. `seal` makes one sealed backup (createBackup with the instance's dump). */
export function startBackupSchedule(p: { dir: string; keep: number; seal: () => Promise<Uint8Array>; clock?: () => Date; log: { info(msg: string): void; error(obj: object, msg: string): void } }): BackupSchedule {
  const clock = p.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  const runOnce = async () => {
    try {
      mkdirSync(p.dir, { recursive: true });
      const file = path.join(p.dir, backupFileName(clock()));
      writeFileSync(file, await p.seal(), { mode: 0o600, flag: 'wx' });
      const deleted = pruneBackups(p.dir, p.keep);
      p.log.info(`Copia de seguridad diaria escrita en ${file}${deleted.length ? `; se borraron ${deleted.length} antiguas` : ''}`);
    } catch (err) {
      p.log.error({ err }, 'la copia de seguridad diaria falló; se intentará mañana');
    }
  };
  const arm = () => {
    timer = setTimeout(() => void runOnce().finally(arm), msUntilNextRun(clock()));
    timer.unref();
  };
  arm();
  return { stop: () => clearTimeout(timer) };
}
