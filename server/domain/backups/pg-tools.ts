/**
 * PostgreSQL's own dump and restore programs (Debian package postgresql-client), run as child
 * processes: pg_dump in custom format (one consistent snapshot, taken while the API keeps writing)
 * and pg_restore into an empty database. The connection string goes in the environment's
 * PGDATABASE-style variables, never on the command line (other users could read it in `ps`).
 * @throws AppError PG_TOOL_MISSING with the apt-get command when the program is not on PATH;
 *   PG_TOOL_FAILED with its error output otherwise.
 */
import { spawn } from 'node:child_process';
import { AppError } from '../../errors.ts';

const INSTALL = 'apt-get install -y postgresql-client';

/** libpq's variables for a postgres:// URL, for a child's environment. */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '') || 'localhost',
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || process.env.PGUSER,
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
    ...(url.searchParams.get('sslmode') ? { PGSSLMODE: url.searchParams.get('sslmode')! } : {}),
  };
}

function run(program: string, args: string[], databaseUrl: string, input?: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: libpqEnv(databaseUrl), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new AppError('PG_TOOL_MISSING', `No se encontró ${program} en el PATH. Instale el cliente de PostgreSQL (de la misma versión mayor que el servidor o más nueva): ${INSTALL}`, { status: 500 })
          : e,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new AppError('PG_TOOL_FAILED', `${program} terminó con error ${code}: ${Buffer.concat(err).toString('utf8').trim()}`, { status: 500 }));
    });
    child.stdin.end(input ? Buffer.from(input) : undefined);
  });
}

/**
 * The whole database in pg_dump's custom format (-Fc), without owners, privileges and the columns'
 * compression methods (lz4 would make pg_restore --exit-on-error fail on a server built without it;
 * restore-backup.ts sets them again where the server has lz4: server/db/xml-compression.ts).
 */
export const pgDump = (databaseUrl: string) => run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--no-toast-compression'], databaseUrl);

/** Loads a custom-format dump (from stdin) into the (empty) database, in one transaction. */
export async function pgRestore(databaseUrl: string, dump: Uint8Array): Promise<void> {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres'}`], databaseUrl, dump);
}
