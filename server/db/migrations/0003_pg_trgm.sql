-- Trigram indexes for substring search in record resources (server/domain/records/record-indexes.ts).
-- Optional: without the privilege to create it (pg_trgm is trusted since PostgreSQL 13, so the
-- database owner may) or without the contrib files, search scans the company's rows instead.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm no disponible (%): la búsqueda de registros recorre las filas de la empresa', SQLERRM;
END
$$;
