import { adminHeaders, mixedLoad, openClinicForBookings, startConversation } from './lib/mixed-load';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';

/**
 * The mixed load (browsing, slot checks, bookings, chat polling) on the single stack, then on
 * the scaled stack (two of every process and two gateways behind nginx, on a three-node
 * RabbitMQ cluster with quorum queues) in the same run, on the same machine and storage.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const measure = async (label: string, base: string, env: Record<string, string | undefined>, emailPrefix: string): Promise<BenchRow[]> => {
    const treatmentId = await openClinicForBookings(base, adminHeaders({ ...ctx, env }));
    const conversations: string[] = [];
    for (let i = 0; i < 50; i++) conversations.push(await startConversation(base, `Scaled ${i}`, `${emailPrefix}${i}@example.com`));
    const rows = Object.values(await mixedLoad({ base, treatmentId, conversations, emailPrefix })(ctx.seconds));
    for (const row of rows) ctx.log(`${label} ${row.scenario}: ${row.requestsPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    return rows.map((row) => ({ ...row, target: `${label}: ${row.target}` }));
  };
  const single = await measure('single', ctx.gatewayUrl, ctx.env, 'single-');
  const { gatewayUrl, env } = await ctx.scaleOut();
  const twoOfEverything = await measure('scaled', gatewayUrl, env, 'scaled-');
  const total = (rows: BenchRow[]) => Math.round(rows.reduce((sum, r) => sum + r.requestsPerSec, 0));
  const bookings = (rows: BenchRow[]) => rows.find((r) => r.scenario.includes('book'))?.requestsPerSec ?? 0;
  return {
    name: 'scaled',
    description:
      'The mixed scenario (20 browsing + 10 slot-checking + 4 booking + 50 chat-polling connections) on one process of everything, then on two of every process and two gateways behind nginx with a three-node RabbitMQ cluster and quorum queues, same machine, same run',
    rows: [...single, ...twoOfEverything],
    summary: {
      singleRequestsPerSec: total(single),
      scaledRequestsPerSec: total(twoOfEverything),
      singleBookingsPerSec: bookings(single),
      scaledBookingsPerSec: bookings(twoOfEverything),
      errors: [...single, ...twoOfEverything].reduce((sum, r) => sum + r.errors, 0),
      non2xx: [...single, ...twoOfEverything].reduce((sum, r) => sum + r.non2xx, 0),
    },
  };
}
