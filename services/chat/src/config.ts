import { z } from 'zod';
import { secret } from '@bb/service-kit';
import { parseRetryDelays } from './domain/retry-schedule';

export const chatEnvShape = {
  /** Seals the webhook secrets in the database. Changing it makes the stored secrets unreadable. */
  WEBHOOK_SECRET_KEY: secret(z.string().min(16, { error: 'WEBHOOK_SECRET_KEY must be at least 16 characters' })),
  /**
   * Waits between delivery attempts to the bot. The default makes 5 attempts over about an
   * hour: at 0, 1, 6, 21 and 61 minutes.
   */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default('1m,5m,15m,40m')
    .transform((spec, ctx) => {
      try {
        return parseRetryDelays(spec);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * How long a conversation's latest-message id is trusted from memory by the visitor's poll
   * before it is read again. Every replica drops a head when it hears a newer message's event;
   * this bounds how late a message shows when its event was missed (the broker away).
   */
  POLL_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * How often the outbox relay looks for conversations with events no write handed it (a crash
   * between write and publish): one indexed read of the pending ones; every write hands over
   * its own at once.
   */
  OUTBOX_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
};

export type ChatConfig = z.infer<z.ZodObject<typeof chatEnvShape>>;
