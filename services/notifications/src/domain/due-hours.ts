/**
 * The hour a mail falls due in, as stored beside its `dueAt` ("2026-11-26T14", UTC). FerretDB
 * cannot serve a range such as `dueAt <= now` from an index, but it can an equality or an
 * `$in`: the senders' every-second claim looks only at the buckets of this hour and the
 * RECENT_DUE_HOURS before it, so it reads the mails due about now instead of every queued
 * reminder of the next months (issue 25). Few buckets: PostgreSQL plans an OR of many
 * containments as dearer than the status index and reads every queued mail again (25 did).
 * What is older (a sender down for hours, a mail stored before there were buckets) is found by
 * the look without buckets that each sender runs at its start and once an hour; a lead time
 * moved into the past puts a reminder in the current hour's bucket.
 */
export const dueHourOf = (at: Date): string => at.toISOString().slice(0, 13);

const HOUR_MS = 3_600_000;
export const RECENT_DUE_HOURS = 2;

/** The current hour's bucket and those of the RECENT_DUE_HOURS hours before it. */
export function recentDueHours(now: Date): string[] {
  return Array.from({ length: RECENT_DUE_HOURS + 1 }, (_, i) => dueHourOf(new Date(now.getTime() - i * HOUR_MS)));
}

/** The fields that say when a mail is due: every write that sets one sets both. */
export const dueFields = (at: Date): { dueAt: Date; dueHour: string } => ({ dueAt: at, dueHour: dueHourOf(at) });

/**
 * What every write that takes a mail out of the queue unsets: a mail has a due hour only while
 * queued, so the index on it holds the queue alone and the senders' look does not read the
 * mails sent in the recent hours (after the benchmarks' busy hour, 2,054 rows a second idle).
 */
export const LEAVES_QUEUE = { dueHour: 1 } as const;
