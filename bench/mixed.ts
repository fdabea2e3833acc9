import { countingRowsRead, withRowsRead } from './lib/db-rows';
import { adminHeaders, mixedLoad, openClinicForBookings, startConversation } from './lib/mixed-load';
import type { BenchContext, BenchResult } from './lib/types';

/** Run on an empty database and again with a year of data stored (scripts/bench.mjs, BENCH_DATA). */
export const eachDataSet = true;

/** The mixed load of lib/mixed-load.ts on its own: each kind of visitor measured under the whole mix. */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const base = ctx.gatewayUrl;
  const treatmentId = await openClinicForBookings(base, adminHeaders(ctx));
  const conversations: string[] = [];
  for (let i = 0; i < 50; i++) conversations.push(await startConversation(base, `Mixed ${i}`, `mixed-${i}@example.com`));

  const measured = await countingRowsRead(mixedLoad({ base, treatmentId, conversations, emailPrefix: 'mixed-' }).bind(null, ctx.seconds));
  // The kinds run at once: each row gets the rows read per request of the whole mix.
  const all = Object.values(measured.result).reduce((sum, r) => sum + r.requests, 0);
  const [browse, slots, book, chat] = [measured.result.browse, measured.result.slots, measured.result.book, measured.result.chat].map((r) =>
    withRowsRead(r, measured.rows, all),
  );
  const rows = [browse, slots, book, chat];
  for (const row of rows) ctx.log(`${row.scenario}: ${row.requestsPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
  return {
    name: 'mixed',
    description: 'Browsing, slot checks, bookings and chat polling at the same time through the gateway (20 + 10 + 4 + 50 connections)',
    rows,
    summary: {
      totalRequestsPerSec: rows.reduce((sum, r) => sum + r.requestsPerSec, 0),
      bookingsPerSec: book.requestsPerSec,
      errors: rows.reduce((sum, r) => sum + r.errors, 0),
      non2xx: rows.reduce((sum, r) => sum + r.non2xx, 0),
      ...(measured.rows === null ? {} : { dbRowsReadPerRequest: Math.round((measured.rows / Math.max(all, 1)) * 10) / 10 }),
    },
  };
}
