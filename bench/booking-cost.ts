import { benchBookingBody } from './lib/booking-body';
import { databaseCommands } from './lib/db-commands';
import { mailQueueDrained } from './lib/mail-queue';
import { mailWatcher } from './lib/mail-watcher';
import { adminHeaders, openClinicForBookings } from './lib/mixed-load';
import { CLOCK_TICKS, readAllStats, treeTicks } from './lib/process-cpu';
import type { BenchContext, BenchResult } from './lib/types';

/** Bookings measured, one at a time, each followed to its confirmation mail. */
const BOOKINGS = Number(process.env.BENCH_COST_BOOKINGS ?? 100);
const WARM_UP = 10;
/** Idle sampling before the bookings: what the pollers cost on their own is taken off. */
const IDLE_MS = 20_000;
const LOST_AFTER_MS = 15_000;
const CONFIRMATION_SUBJECT = /request received/i;
/** The services whose database commands are counted (their replicas' mongodb_commands_total). */
const SERVICES = ['auth', 'booking', 'catalog', 'chat', 'notifications', 'subscribers', 'payments'];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;

function cpuTicks(pids: Record<string, number>): Record<string, number> {
  const stats = readAllStats();
  return Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, treeTicks(stats, pid)]));
}

async function commandsByService(ctx: BenchContext): Promise<Record<string, number>> {
  const known = SERVICES.filter((s) => ctx.env[`${s.toUpperCase()}_REPLICA_METRICS_URLS`]);
  return Object.fromEntries(await Promise.all(known.map(async (s) => [s, await databaseCommands(ctx, s)] as const)));
}

/**
 * What one booking costs each process: CPU time (utime + stime, descendants included) and
 * database commands per booking made one at a time and followed to its confirmation mail, the
 * idle cost of the same span taken off. Counts and CPU time, unlike latencies, hardly move with
 * what else the machine runs, so two commits can be compared on a busy machine.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const base = ctx.gatewayUrl;
  const mailpitUrl = ctx.env.MAILPIT_URL;
  if (!mailpitUrl) throw new Error('MAILPIT_URL is not set: the benchmark follows each booking to its confirmation in Mailpit');
  const treatmentId = await openClinicForBookings(base, adminHeaders(ctx));
  const watcher = mailWatcher(mailpitUrl);
  const tag = Date.now().toString(36);
  let count = 0;
  const answers: number[] = [];
  const mails: number[] = [];
  let lost = 0;
  const book = async (): Promise<void> => {
    const n = count++;
    const email = `cost-${tag}-${n}@example.com`;
    // Days 58–61: the events benchmark books 62–86, the mail benchmark 87–89.
    const body = benchBookingBody(n, { firstName: 'Cost', email, treatmentId, firstDay: 58, days: 4 });
    const sentAt = Date.now();
    const res = await fetch(`${base}/api/appointments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`booking ${n} answered ${res.status}`);
    answers.push(Date.now() - sentAt);
    const arrived = await watcher.arrival(email, CONFIRMATION_SUBJECT, sentAt + LOST_AFTER_MS);
    if (arrived === null) lost += 1;
    else mails.push(arrived - sentAt);
  };

  try {
    await mailQueueDrained(ctx.env);
    for (let i = 0; i < WARM_UP; i++) await book();
    answers.length = 0;
    mails.length = 0;
    await sleep(5_000);
    ctx.log(`idle for ${IDLE_MS / 1000} s, then ${BOOKINGS} bookings one at a time…`);
    const idleStart = cpuTicks(ctx.pids);
    const idleT0 = performance.now();
    await sleep(IDLE_MS);
    const idleTicks = cpuTicks(ctx.pids);
    const idleSeconds = (performance.now() - idleT0) / 1000;
    const commandsBefore = await commandsByService(ctx);
    const t0 = performance.now();
    for (let i = 0; i < BOOKINGS; i++) await book();
    // Work a booking leaves behind (the staff alert, outbox drains) lands within a second or two.
    await sleep(3_000);
    const seconds = (performance.now() - t0) / 1000;
    const busyTicks = cpuTicks(ctx.pids);
    const commandsAfter = await commandsByService(ctx);

    const cpuMsPerBooking = Object.fromEntries(
      Object.keys(ctx.pids).map((name) => {
        const idleRate = (idleTicks[name] - idleStart[name]) / idleSeconds;
        const busy = busyTicks[name] - idleTicks[name] - idleRate * seconds;
        return [name, round1(((busy / CLOCK_TICKS) * 1000) / BOOKINGS)];
      }),
    );
    const commandsPerBooking = Object.fromEntries(Object.keys(commandsAfter).map((s) => [s, round1((commandsAfter[s] - commandsBefore[s]) / BOOKINGS)]));
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const p = (xs: number[], q: number) => round1(sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0);
    for (const [name, ms] of Object.entries(cpuMsPerBooking)) ctx.log(`${name}: ${ms} ms of CPU per booking`);
    for (const [name, n] of Object.entries(commandsPerBooking)) ctx.log(`${name}: ${n} database commands per booking`);
    return {
      name: 'booking-cost',
      description:
        `What one booking costs each process: ${BOOKINGS} bookings through the gateway one at a time, each followed to its confirmation in Mailpit; ` +
        `CPU time per booking of each process (utime + stime from /proc, descendants included) less what it spent idling at the rate of the ${IDLE_MS / 1000} s before, ` +
        "and each service's database commands per booking (mongodb_commands_total of its replicas, background passes included).",
      rows: [],
      summary: {
        bookings: BOOKINGS,
        lostMails: lost,
        bookingAnswerP50Ms: p(answers, 0.5),
        bookingAnswerP95Ms: p(answers, 0.95),
        confirmationMailP50Ms: p(mails, 0.5),
        confirmationMailP95Ms: p(mails, 0.95),
        ...Object.fromEntries(Object.entries(cpuMsPerBooking).map(([name, ms]) => [`${name}CpuMsPerBooking`, ms])),
        ...Object.fromEntries(Object.entries(commandsPerBooking).map(([name, n]) => [`${name}CommandsPerBooking`, n])),
      },
    };
  } finally {
    await watcher.stop();
  }
}
