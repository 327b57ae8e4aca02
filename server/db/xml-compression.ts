/**
 * The XML columns (comprobante signed and authorisation XML, a received document's XML and its
 * authorisation, the sandbox SRI's copy) compress with lz4 where the PostgreSQL server has it:
 * ≈ 3× less CPU per write than the default pglz (issue 30; README, the batch row). A server built
 * without lz4, and PGlite, answer feature_not_supported and keep pglz.
 *
 * Migration 0023_xml_lz4.sql sets it once per database and is the one copy of the statement. A
 * backup leaves compression methods out of its dump (`pg_dump --no-toast-compression`, pg-tools.ts)
 * so it restores on any PostgreSQL; restore-backup.ts runs the migration's statement again on the
 * restored database, read from the file here (only then: nothing at start-up).
 * @throws Error from readFileSync when the migrations folder is not beside the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';

export const preferLz4ForXml = (): string => readFileSync(path.join(REPO_ROOT, 'server/db/migrations/0023_xml_lz4.sql'), 'utf8');
