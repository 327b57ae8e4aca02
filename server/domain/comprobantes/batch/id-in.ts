/**
 * `comprobante.id = any($1::uuid[])` with the ids as ONE parameter, a PostgreSQL array literal
 * (uuids need no quoting; both drivers take it as text), instead of drizzle's inArray, which binds
 * and maps one parameter per id: a batch holds up to 500 ids and is read on every planning pass
 * and every GET /api/batch poll. An id that is not a uuid fails the cast (the driver's error), as
 * it would against the uuid column.
 */
import { sql, type SQL } from 'drizzle-orm';
import { comprobantes } from '../../../db/schema/index-tables.ts';

export const comprobanteIdIn = (ids: readonly string[]): SQL => sql`${comprobantes.id} = any(${`{${ids.join(',')}}`}::uuid[])`;
