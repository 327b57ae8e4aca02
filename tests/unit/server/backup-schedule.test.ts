/**
 * The daily backup (DESIGN.md §15, BACKUP_DIR / BACKUP_KEEP): at 02:00 in Ecuador it writes one
 * sealed file named for that time, keeps the newest BACKUP_KEEP of its own files, leaves other files
 * alone, and a failure is logged and tried again the next day.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupFileName, msUntilNextRun, pruneBackups, startBackupSchedule } from '../../../server/domain/backups/backup-schedule.ts';

const HOUR = 3_600_000;
afterEach(() => vi.useRealTimers());

describe('the daily backup', () => {
  it('runs next at 02:00 Ecuador (07:00 UTC) and names the file by Ecuador’s clock', () => {
    expect(msUntilNextRun(new Date('2026-11-26T06:00:00Z'))).toBe(HOUR);
    expect(msUntilNextRun(new Date('2026-11-26T07:00:00Z'))).toBe(24 * HOUR);
    expect(msUntilNextRun(new Date('2026-11-26T21:30:00Z'))).toBe(9.5 * HOUR);
    expect(backupFileName(new Date('2026-11-27T07:00:00Z'))).toBe('emite-2026-11-27T0200.age');
    expect(backupFileName(new Date('2026-11-27T03:15:00Z'))).toBe('emite-2026-11-26T2215.age');
  });

  it('keeps the newest BACKUP_KEEP of its own files and nothing else is touched', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-backups-'));
    for (const d of ['01', '02', '03', '04']) writeFileSync(path.join(dir, `emite-2026-11-${d}T0200.age`), 'x');
    writeFileSync(path.join(dir, 'manual-copy.age'), 'x');
    expect(pruneBackups(dir, 2)).toEqual(['emite-2026-11-01T0200.age', 'emite-2026-11-02T0200.age']);
    expect(readdirSync(dir).sort()).toEqual(['emite-2026-11-03T0200.age', 'emite-2026-11-04T0200.age', 'manual-copy.age']);
  });

  it('writes a sealed copy each night at 02:00, prunes, and after a failure tries again the next night', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T21:00:00Z'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-backups-'));
    const logged: string[] = [];
    let fail = true;
    const seal = vi.fn(async () => {
      if (fail) throw new Error('disk full');
      return new Uint8Array([1, 2, 3]);
    });
    const schedule = startBackupSchedule({ dir, keep: 1, seal, log: { info: (m) => logged.push(`info ${m}`), error: (_o, m) => logged.push(`error ${m}`) } });
    await vi.advanceTimersByTimeAsync(9 * HOUR + 59 * 60_000);
    expect(seal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000); // 07:00 UTC, 02:00 in Ecuador: fails
    expect(seal).toHaveBeenCalledTimes(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(logged.at(-1)).toMatch(/^error .*se intentará mañana/);
    fail = false;
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(readdirSync(dir)).toEqual(['emite-2026-11-28T0200.age']);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(readdirSync(dir)).toEqual(['emite-2026-11-29T0200.age']);
    expect(logged.at(-1)).toMatch(/^info Copia de seguridad diaria escrita .*se borraron 1 antiguas/);
    schedule.stop();
  });
});
