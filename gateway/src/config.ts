import { z } from 'zod';

/** Comma-separated base URLs of one service's replicas; none means the service is not deployed. */
const upstreamUrls = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
  .pipe(z.array(z.string().url()));

export const gatewayEnvShape = {
  /** Base URL of the auth service, or its replicas' URLs separated by commas (taken in turn); a service without a URL answers 503 "not deployed". */
  AUTH_URL: upstreamUrls,
  /** Base URL(s) of the catalog service. */
  CATALOG_URL: upstreamUrls,
  /** Base URL(s) of the booking service. */
  BOOKING_URL: upstreamUrls,
  /** Base URL(s) of the chat service. */
  CHAT_URL: upstreamUrls,
  /** Base URL(s) of the subscribers service. */
  SUBSCRIBERS_URL: upstreamUrls,
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
