import type { NotificationSettings } from '@bb/contracts';
import { adminHeaders, openClinicForBookings } from './lib/mixed-load';
import { countingRowsRead, withRowsRead } from './lib/db-rows';
import { mailQueueDrained } from './lib/mail-queue';
import { benchBookingBody } from './lib/booking-body';
import { mailWatcher } from './lib/mail-watcher';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';

/** Run on an empty database and again with a year of data stored (scripts/bench.mjs, BENCH_DATA). */
export const eachDataSet = true;

/** Bookings measured per row. */
const BOOKINGS = 200;
const WARM_UP = 10;
/** Bookings in flight in the concurrent row. */
const IN_FLIGHT = 4;
/** A confirmation not in Mailpit this long after its booking was sent is lost. */
const LOST_AFTER_MS = 15_000;
/** The customer's confirmation among the mails to an address (the staff alert goes elsewhere). */
const CONFIRMATION_SUBJECT = /request received/i;

type Outcome = { kind: 'seen'; ms: number } | { kind: 'lost' } | { kind: 'refused'; status: number };

const round1 = (n: number) => Math.round(n * 10) / 10;

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round1(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * Booking → confirmation mail: from sending POST /api/appointments through the gateway until
 * Mailpit has received the customer's confirmation (booking's outbox → RabbitMQ →
 * notifications → SMTP), 200 bookings one at a time, then 200 with 4 in flight.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const base = ctx.gatewayUrl;
  const mailpitUrl = ctx.env.MAILPIT_URL;
  if (!mailpitUrl) throw new Error('MAILPIT_URL is not set: the benchmark reads the confirmations from Mailpit');
  const admin = adminHeaders(ctx);
  const treatmentId = await openClinicForBookings(base, admin);
  const settings = (await (await fetch(`${base}/api/notification-settings/clinic`, { headers: admin })).json()) as NotificationSettings;
  if (!settings.enabled.confirmation) throw new Error('confirmation mails are turned off for the clinic');
  const watcher = mailWatcher(mailpitUrl);
  const tag = Date.now().toString(36);

  // Days 87–89 (the events benchmark books 62–86, the booking benchmark's seeds start at 90):
  // 3 days × 20 half hours from 08:00 (the last at 17:30, so any treatment ends by 20:00) × 50
  // seats, more than the 410 bookings made here.
  let count = 0;
  const book = async (): Promise<Outcome> => {
    const n = count++;
    const email = `mail-${tag}-${n}@example.com`;
    const body = benchBookingBody(n, { firstName: 'Mail', email, treatmentId, firstDay: 87, days: 3 });
    const sentAt = Date.now();
    const res = await fetch(`${base}/api/appointments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => null);
    if (res?.status !== 201) {
      await res?.arrayBuffer();
      return { kind: 'refused', status: res?.status ?? 0 };
    }
    await res.arrayBuffer();
    const arrived = await watcher.arrival(email, CONFIRMATION_SUBJECT, sentAt + LOST_AFTER_MS);
    return arrived === null ? { kind: 'lost' } : { kind: 'seen', ms: arrived - sentAt };
  };
  const stream = async (total: number, inFlight: number) => {
    const outcomes: Outcome[] = [];
    const t0 = performance.now();
    let started = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (started < total) {
          started += 1;
          outcomes.push(await book());
        }
      }),
    );
    return { outcomes, seconds: (performance.now() - t0) / 1000 };
  };

  try {
    const backlog = await mailQueueDrained(ctx.env);
    ctx.log(`mails the earlier benchmarks left due: sent after ${Math.round(backlog.waitedMs / 1000)} s${backlog.due > 0 ? `, ${backlog.due} still due` : ''}`);
    await stream(WARM_UP, 1);
    ctx.log(`${BOOKINGS} bookings one at a time…`);
    const idleRun = await countingRowsRead(() => stream(BOOKINGS, 1));
    const idle = idleRun.result;
    ctx.log(`${BOOKINGS} bookings, ${IN_FLIGHT} in flight…`);
    const concurrentRun = await countingRowsRead(() => stream(BOOKINGS, IN_FLIGHT));
    const concurrent = concurrentRun.result;
    const row = (scenario: string, s: { outcomes: Outcome[]; seconds: number }): BenchRow => {
      const seen = s.outcomes.flatMap((o) => (o.kind === 'seen' ? [o.ms] : []));
      const q = quantiles(seen);
      return {
        scenario,
        target: 'POST /api/appointments (gateway) sent → confirmation received by Mailpit',
        requestsPerSec: round1(seen.length / s.seconds),
        p50Ms: q.p50,
        p99Ms: q.p99,
        errors: s.outcomes.filter((o) => o.kind === 'lost').length,
        non2xx: s.outcomes.filter((o) => o.kind === 'refused').length,
        requests: seen.length,
      };
    };
    const rows = [
      withRowsRead(row('booking → confirmation mail, one at a time', idle), idleRun.rows, idle.outcomes.length),
      withRowsRead(row(`booking → confirmation mail, ${IN_FLIGHT} in flight`, concurrent), concurrentRun.rows, concurrent.outcomes.length),
    ];
    for (const r of rows) ctx.log(`${r.scenario}: ${r.requests} mails, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, lost ${r.errors}, refused ${r.non2xx}`);
    const p95 = (s: { outcomes: Outcome[] }) => quantiles(s.outcomes.flatMap((o) => (o.kind === 'seen' ? [o.ms] : []))).p95;
    return {
      name: 'mail',
      description:
        `Booking → confirmation mail, ${BOOKINGS} bookings per row: from sending POST /api/appointments through the gateway until Mailpit received the customer's ` +
        'confirmation (its own receive stamp, same clock). The path: booking writes the appointment with its event, the relay publishes it, notifications ' +
        `renders the mail with its .ics and sends it over SMTP. requests = mails seen, errors = lost (none within ${LOST_AFTER_MS / 1000} s), non-2xx = bookings refused.`,
      rows,
      summary: {
        bookingToConfirmationP50IdleMs: rows[0].p50Ms,
        bookingToConfirmationP95IdleMs: p95(idle),
        bookingToConfirmationP50ConcurrentMs: rows[1].p50Ms,
        bookingToConfirmationP95ConcurrentMs: p95(concurrent),
        mailsPerSecondConcurrent: rows[1].requestsPerSec,
        earlierMailsDueAtStart: backlog.due,
        mailpitPolls: watcher.polls(),
      },
    };
  } finally {
    await watcher.stop();
  }
}
