import { z } from 'zod';
import { secret } from '@bb/service-kit';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const bookingEnvShape = {
  /**
   * Key of the customers' manage links (/manage/<token>): each token is derived from its
   * appointment's id with it, so none is stored. Shared with notifications, which puts the links
   * in mails; changing it ends every link already mailed.
   */
  MANAGE_LINK_SECRET: secret(z.string().min(16, { error: 'MANAGE_LINK_SECRET must be at least 16 characters' })),
  /**
   * Days after its appointment's end when a manage link stops opening (410): what it shows
   * (name, e-mail, phone) is not readable forever by whoever finds an old mail.
   */
  MANAGE_LINK_EXPIRY_DAYS: z.coerce.number().int().min(1).default(30),
  /** Catalog base URL, read once at start-up to fill an empty copy of treatments and packages. */
  CATALOG_URL: z.preprocess(blankToUndefined, z.url({ error: 'CATALOG_URL must be an http(s) URL' }).optional()),
  /**
   * Minutes a visitor's hold on a slot lasts (`POST /api/slot-holds`): others see the slot taken
   * meanwhile, and booking within the hold uses its place. An abandoned hold frees itself then.
   */
  SLOT_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * How often slots with visitors waiting are checked for room: the net for a process that
   * stopped between freeing places and telling them (those are told at once otherwise).
   */
  WAITLIST_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 1000),
  /**
   * How often the outbox of every appointment is looked through. Each booking publishes its
   * own event right away; this pass only catches what that missed (one indexed read of the
   * pending appointments), so it runs seldom.
   */
  OUTBOX_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30 * 1000),
};

export type BookingConfig = z.infer<z.ZodObject<typeof bookingEnvShape>>;
