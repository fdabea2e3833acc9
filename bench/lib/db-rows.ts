import { postgresUrl, settledRowsRead } from '@bb/service-kit/testing';
import type { BenchRow } from './types';

import { stackDatabase } from './stack-databases';

/** Every database of the stack: their names start so. */
const STACK_DATABASES = stackDatabase('');

/**
 * Runs `work` and answers the rows PostgreSQL read meanwhile from the stack's databases (every
 * service, background passes included): the figure that grows with what is stored when a read
 * is not served by an index (issue 25). Null on MongoDB itself. Each end waits for the
 * statistics to settle (~11 s).
 */
export async function countingRowsRead<T>(work: () => Promise<T>): Promise<{ result: T; rows: number | null }> {
  if (!postgresUrl()) return { result: await work(), rows: null };
  const before = await settledRowsRead(STACK_DATABASES);
  const result = await work();
  return { result, rows: (await settledRowsRead(STACK_DATABASES)) - before };
}

/** Sets a row's rows read per request from a count over `requests` requests (left out without PostgreSQL). */
export function withRowsRead(row: BenchRow, rows: number | null, requests = row.requests): BenchRow {
  return rows === null ? row : { ...row, dbRowsReadPerRequest: Math.round((rows / Math.max(requests, 1)) * 10) / 10 };
}
