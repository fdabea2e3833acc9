import { z } from 'zod';

const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));

export const gatewayEnvShape = {
  AUTH_URL: optionalUrl,
  CATALOG_URL: optionalUrl,
  BOOKING_URL: optionalUrl,
  CHAT_URL: optionalUrl,
  SUBSCRIBERS_URL: optionalUrl,
  WEB_DIST_DIR: z.string().default('web/dist'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  /** Wrong passwords per username and client per minute before 429. */
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Public POSTs (bookings, sign-ups, chat) per client per minute. */
  PUBLIC_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
};
