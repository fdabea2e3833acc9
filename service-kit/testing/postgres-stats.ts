import { spawnSync } from 'node:child_process';

/**
 * PostgreSQL under the local FerretDB, named by the launcher (BB_POSTGRES_URL): tests and
 * benches read from it the rows an operation made PostgreSQL read, a figure that grows with
 * what is stored when a filter is not served by an index (issue 25). Unset on MongoDB itself.
 */
export const postgresUrl = (): string | undefined => process.env.BB_POSTGRES_URL || undefined;

/** FerretDB's connections report their reads to PostgreSQL's statistics at most every second, and an idle one within ten. */
export const STATS_DELAY_MS = 11_000;

/** One statement through psql: its rows, unaligned, without headers or command tags. */
export function psql(sql: string): string {
  const url = postgresUrl();
  if (!url) throw new Error("BB_POSTGRES_URL is not set: the database is not FerretDB on the launcher's PostgreSQL");
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout.trim();
}

/**
 * Rows PostgreSQL has read so far, by sequential scans and fetched through indexes, from the
 * tables of FerretDB databases (PostgreSQL schemas) whose name starts with `databasePrefix`
 * (every one when empty); 0 where there is no PostgreSQL to ask.
 */
export function rowsRead(databasePrefix = ''): number {
  if (!postgresUrl()) return 0;
  const prefix = databasePrefix.replace(/[^A-Za-z0-9_]/g, '');
  return Number(
    psql(`SELECT COALESCE(SUM(COALESCE(seq_tup_read, 0) + COALESCE(idx_tup_fetch, 0)), 0) FROM pg_stat_user_tables WHERE schemaname LIKE '${prefix}%'`),
  );
}

/** rowsRead once what was read so far has reached the statistics. */
export async function settledRowsRead(databasePrefix = ''): Promise<number> {
  if (!postgresUrl()) return 0;
  await new Promise((r) => setTimeout(r, STATS_DELAY_MS));
  return rowsRead(databasePrefix);
}

/** The PostgreSQL table FerretDB keeps a collection in (its schema is the database's name). */
export const postgresTable = (database: string, collection: string): string =>
  psql(`SELECT _jsonb->>'table' FROM "${database}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = '${collection.replace(/'/g, "''")}'`);

/**
 * Has PostgreSQL count a collection's values now, as autovacuum does after enough writes: a
 * test that fills a collection in one go must not have the planner guess meanwhile. Nothing
 * without PostgreSQL.
 */
export function analyzeCollection(database: string, collection: string): void {
  if (postgresUrl()) psql(`ANALYZE "${database}"."${postgresTable(database, collection)}"`);
}
