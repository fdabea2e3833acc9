import { z } from 'zod';

/** Lists typed as text or sent as arrays: trimmed, blanks dropped. */
export const textListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z.array(z.string().max(500)).max(100).transform((items) => items.map((s) => s.trim()).filter(Boolean)),
);

/** Booking duration in minutes: an integer of at least 1, or left out (null clears it). */
export const bookingDurationSchema = z
  .number({ error: 'defaultDuration must be a whole number of minutes' })
  .int({ error: 'defaultDuration must be a whole number of minutes' })
  .min(1, { error: 'defaultDuration must be at least 1 minute' })
  .max(24 * 60, { error: 'defaultDuration must be at most 1440 minutes' })
  .nullable()
  .optional();

export const entityMeta = { id: z.string(), createdAt: z.string(), updatedAt: z.string() };
