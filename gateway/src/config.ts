import { z } from 'zod';

const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));

export const gatewayEnvShape = {
  /** Base URL of the auth service; a service without a URL answers 503 "not deployed". */
  AUTH_URL: optionalUrl,
  /** Base URL of the catalog service. */
  CATALOG_URL: optionalUrl,
  /** Base URL of the booking service. */
  BOOKING_URL: optionalUrl,
  /** Base URL of the chat service. */
  CHAT_URL: optionalUrl,
  /** Base URL of the subscribers service. */
  SUBSCRIBERS_URL: optionalUrl,
  /** The built web app (index.html and assets/). */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** A service slower than this answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  /** Wrong passwords per username and client per minute before 429. */
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Public POSTs (bookings, sign-ups, chat) per client per minute. */
  PUBLIC_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayEnvShape>> & { JWT_SECRET: string };
