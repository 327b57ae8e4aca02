/**
 * The XML columns (comprobante signed and authorisation XML, a received document's XML and its
 * authorisation, the sandbox SRI's copy) compress with lz4 where the PostgreSQL server has it:
 * ≈ 3× less CPU per write than the default pglz (issue 30; README, the batch row). A server built
 * without lz4, and PGlite, answer feature_not_supported and keep pglz.
 *
 * Migration 0023_xml_lz4.sql runs this statement once per database. A backup leaves compression
 * methods out of its dump (`pg_dump --no-toast-compression`, pg-tools.ts) so it restores on any
 * PostgreSQL; restore-backup.ts runs it again on the restored database.
 */
export const PREFER_LZ4_FOR_XML = `DO $$
BEGIN
  ALTER TABLE "comprobante" ALTER COLUMN "signed_xml" SET COMPRESSION lz4;
  ALTER TABLE "comprobante" ALTER COLUMN "authorization_xml" SET COMPRESSION lz4;
  ALTER TABLE "received_document" ALTER COLUMN "xml" SET COMPRESSION lz4;
  ALTER TABLE "received_document" ALTER COLUMN "authorization_xml" SET COMPRESSION lz4;
  ALTER TABLE "sri_sandbox_comprobante" ALTER COLUMN "xml" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$`;
