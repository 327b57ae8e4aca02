/**
 * DATA_DIR/server.json: the port and pid of the server that holds DATA_DIR's database, written when
 * it starts listening and removed when it stops, so that `npm run backup` can ask that process for
 * the copy (PGlite admits one process). A file left by a server that crashed names a dead pid, which
 * the reader checks.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerInfo {
  port: number;
  pid: number;
}

const file = (dataDir: string) => path.join(dataDir, 'server.json');

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  writeFileSync(file(dataDir), JSON.stringify(info), { mode: 0o600 });
}

export function removeServerInfo(dataDir: string): void {
  rmSync(file(dataDir), { force: true });
}

/** The running server's port and pid, or undefined when none is recorded or its process is gone. */
export function readServerInfo(dataDir: string): ServerInfo | undefined {
  if (!existsSync(file(dataDir))) return undefined;
  const info = JSON.parse(readFileSync(file(dataDir), 'utf8')) as ServerInfo;
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}
