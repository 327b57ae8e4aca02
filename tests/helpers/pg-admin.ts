/**
 * One statement on a PostgreSQL server's maintenance connection (CREATE/DROP DATABASE), for the
 * test set-up and the benchmarks: connects, runs `sql`, always disconnects.
 * @param adminUrl postgres://… of a database the statement does not touch (e.g. `postgres`).
 * @throws the driver's error, unchanged.
 */
import pg from 'pg';

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
