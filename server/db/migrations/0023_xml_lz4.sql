-- Issue 30: the XML kept per comprobante (signed, authorised; received documents; the sandbox SRI's
-- copy) is 5–15 kB of text each, compressed on every write by PostgreSQL's default pglz. lz4 writes
-- it for a fraction of the CPU (PostgreSQL 14+, when the server was built with it: Debian's is) at
-- a similar size. Only new values are written lz4; old ones stay readable as they are. A server
-- without lz4 (PGlite, some builds) answers feature_not_supported and keeps pglz. A restored backup
-- runs this file again (server/db/xml-compression.ts: its dump leaves lz4 out).
DO $$
BEGIN
  ALTER TABLE "comprobante" ALTER COLUMN "signed_xml" SET COMPRESSION lz4;
  ALTER TABLE "comprobante" ALTER COLUMN "authorization_xml" SET COMPRESSION lz4;
  ALTER TABLE "received_document" ALTER COLUMN "xml" SET COMPRESSION lz4;
  ALTER TABLE "received_document" ALTER COLUMN "authorization_xml" SET COMPRESSION lz4;
  ALTER TABLE "sri_sandbox_comprobante" ALTER COLUMN "xml" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
