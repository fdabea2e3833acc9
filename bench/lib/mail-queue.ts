import mongoose from 'mongoose';
import { mongoDatabaseUrl } from '@bb/service-kit/testing';
import { dueMailCount } from '../../services/notifications/testing';
import { stackDatabase } from './stack-databases';
/** Longest wait: a backlog larger than this is a finding of its own, reported by the caller. */
const MAX_WAIT_MS = 300_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no mail is due and unsent. A benchmark after one that booked hundreds of
 * appointments would otherwise measure its own mails queueing behind the earlier ones (seen:
 * the mail benchmark after the events one, p50 507 ms and 13 confirmations past 15 s).
 */
export async function mailQueueDrained(env: Record<string, string | undefined>): Promise<{ waitedMs: number; due: number }> {
  const mongoUrl = env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL is not set: the mail queue is read from the notifications database');
  const conn = await mongoose.createConnection(mongoDatabaseUrl(stackDatabase('notifications'), mongoUrl)).asPromise();
  try {
    const started = Date.now();
    for (;;) {
      const due = await dueMailCount(conn, new Date());
      const waitedMs = Date.now() - started;
      if (due === 0 || waitedMs > MAX_WAIT_MS) return { waitedMs, due };
      await sleep(1000);
    }
  } finally {
    await conn.close();
  }
}
