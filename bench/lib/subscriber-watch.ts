import mongoose from 'mongoose';
import { sleep } from './event-streams';
import { stackDatabase } from './stack-databases';

/** The throw-away stack's databases are <prefix>_<service>, prefix 'stack' (scripts/lib/session.mjs, planStack). */
const SUBSCRIBERS_DB = stackDatabase('subscribers');

/** Watches the stack's subscribers database for addresses (bench/events.ts); an address not there `lostAfterMs` after its trigger is lost. */
export async function subscriberWatcher(mongoUrl: string, lostAfterMs: number) {
  const client = new mongoose.mongo.MongoClient(`${mongoUrl.replace(/\/+$/, '')}/${SUBSCRIBERS_DB}`);
  await client.connect();
  const subscribers = client.db(SUBSCRIBERS_DB).collection<{ emailKey: string }>('subscribers');
  let polls = 0;

  /**
   * Polls the subscribers collection for the address until found or lost. The interval grows
   * with the wait (5% of it, 4–50 ms), so the reading error stays small beside the latency
   * while a slow event does not cost hundreds of reads. The document appeared between the start
   * of the last read that missed it and the end of the read that found it: the midpoint of
   * that window is the estimate, half its width the uncertainty.
   */
  const watch = async (emailKey: string, sentAt: number): Promise<{ at: number; uncertaintyMs: number } | null> => {
    let lastMissStart: number | null = null;
    for (;;) {
      const start = performance.now();
      polls += 1;
      const found = await subscribers.findOne({ emailKey }, { projection: { _id: 1 } });
      const end = performance.now();
      if (found) {
        const from = lastMissStart ?? start;
        return { at: (from + end) / 2, uncertaintyMs: (end - from) / 2 };
      }
      if (end - sentAt > lostAfterMs) return null;
      lastMissStart = start;
      await sleep(Math.min(50, Math.max(4, (end - sentAt) * 0.05)));
    }
  };

  return { watch, polls: () => polls, close: () => client.close() };
}
