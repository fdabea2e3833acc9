import { postgresUrl, psql, STATS_DELAY_MS } from '@bb/service-kit/testing';
import { countingRowsRead } from './lib/db-rows';
import { mailQueueDrained } from './lib/mail-queue';
import { CLOCK_TICKS, readAllStats, treeTicks } from './lib/process-cpu';
import type { BenchContext, BenchResult } from './lib/types';

/** Run on an empty database and again with a year of data stored (scripts/bench.mjs, BENCH_DATA). */
export const eachDataSet = true;

/** Seconds sampled: two of every once-a-minute pass, the slowest there is (the mail senders' backlog claim). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** Before sampling, for what the previous benchmark left queued (mails, outbox events, webhooks) to go. */
const SETTLE_MS = 15_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the stack costs doing nothing: no requests for IDLE_SECONDS while every process's CPU
 * time (utime + stime from /proc, with its descendants: PostgreSQL's backends, RabbitMQ's Erlang
 * VM) is read at both ends, and the rows PostgreSQL read meanwhile. Only the pollers, sweeps and
 * timers run, so with a year of data stored anything that grows with it shows here.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  // Sending what the earlier benchmarks booked is work, not idling: the mails go first.
  const backlog = await mailQueueDrained(ctx.env);
  ctx.log(`mails the earlier benchmarks left due: sent after ${Math.round(backlog.waitedMs / 1000)} s${backlog.due > 0 ? `, ${backlog.due} still due` : ''}`);
  // The earlier benchmarks' writes leave PostgreSQL's autovacuum minutes of catching up: a cost
  // of those writes, not of idling, so it is done first.
  if (postgresUrl()) psql('VACUUM ANALYZE');
  ctx.log(`letting queued work finish (${SETTLE_MS / 1000} s), then ${IDLE_SECONDS} s without requests…`);
  await sleep(SETTLE_MS);
  const started = performance.now();
  const measured = await countingRowsRead(async () => {
    const before = readAllStats();
    const t0 = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const after = readAllStats();
    const seconds = (performance.now() - t0) / 1000;
    return Object.fromEntries(
      Object.entries(ctx.pids).map(([name, pid]) => [name, round2(((treeTicks(after, pid) - treeTicks(before, pid)) / CLOCK_TICKS / seconds) * 100)]),
    );
  });
  // The rows counted are those read between the two readings of the statistics: the sampled
  // seconds and one wait for the statistics to settle, all of it idle.
  const rowsSeconds = (performance.now() - started - STATS_DELAY_MS) / 1000;
  const cpu = measured.result;
  for (const [name, percent] of Object.entries(cpu)) ctx.log(`${name}: ${percent}% of a CPU`);
  const infra = ['ferretdb', 'postgresql', 'rabbitmq', 'minio', 'mailpit'];
  const sum = (names: string[]) => round2(names.reduce((total, name) => total + (cpu[name] ?? 0), 0));
  return {
    name: 'idle',
    description:
      `The stack with no requests for ${IDLE_SECONDS} s (once no mail is due unsent, PostgreSQL vacuumed after the earlier benchmarks' writes, and ${SETTLE_MS / 1000} s more for other queued work to finish): CPU time of each process from /proc ` +
      '(utime + stime, descendants included: PostgreSQL with all its backends, RabbitMQ with its Erlang VM) as % of one CPU, and the rows PostgreSQL read meanwhile ' +
      "(seq_tup_read + idx_tup_fetch of the stack's databases) per second. Only background passes run: pollers, sweeps, timers.",
    rows: [],
    summary: {
      seconds: IDLE_SECONDS,
      earlierMailsDueAtStart: backlog.due,
      ...Object.fromEntries(Object.entries(cpu).map(([name, percent]) => [`${name}CpuPercent`, percent])),
      nodeProcessesCpuPercent: sum(Object.keys(cpu).filter((name) => !infra.includes(name))),
      storageCpuPercent: sum(infra.filter((name) => name in cpu)),
      ...(measured.rows === null ? {} : { dbRowsReadPerSecond: round2(measured.rows / rowsSeconds) }),
    },
  };
}
