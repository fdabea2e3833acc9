import { z } from 'zod';

/** A list of short texts sent as an array: items trimmed, blank items dropped. */
export const textListSchema = (field: string) =>
  z
    .array(z.string({ error: `${field} must be a list of text` }).max(500, { error: `each ${field} item must be at most 500 characters` }), {
      error: `${field} must be a list of text`,
    })
    .max(100, { error: `${field} can hold at most 100 items` })
    .transform((items) => items.map((s) => s.trim()).filter(Boolean));

/**
 * The console types package features comma-separated and sends the split list; one string is
 * accepted too and split the same way (on commas, trimmed, blanks dropped).
 */
export const commaListSchema = (field: string) => z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), textListSchema(field));

/** Booking duration in minutes: an integer of at least 1, or left out (null clears it). */
export const bookingDurationSchema = z
  .number({ error: 'defaultDuration must be a whole number of minutes' })
  .int({ error: 'defaultDuration must be a whole number of minutes' })
  .min(1, { error: 'defaultDuration must be at least 1 minute' })
  .max(24 * 60, { error: 'defaultDuration must be at most 1440 minutes' })
  .nullable()
  .optional();

/** Ids are strings; both instants are ISO 8601. */
export const entityMeta = { id: z.string(), createdAt: z.string(), updatedAt: z.string() };
