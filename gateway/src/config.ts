import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/** Comma-separated base URLs of one service's replicas; none means the service is not deployed. */
const upstreamUrls = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
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
  /** Base URL(s) of the notifications service (mail settings and the mail log). */
  NOTIFICATIONS_URL: upstreamUrls,
  /** Base URL(s) of the payments service (deposits: the pay page, PayMongo's webhook, the Payments screen). */
  PAYMENTS_URL: upstreamUrls,
  /** The built web app (index.html and assets/). */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** A service slower than this answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  /** Wrong passwords per client address per minute before 429 (attempts in flight count). */
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts per username an hour, from any address, before each further one waits a doubling back-off. */
  LOGIN_ATTEMPTS_PER_USERNAME: z.coerce.number().int().min(1).default(20),
  /** The longest back-off between two sign-in attempts on one username. */
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Addresses or CIDRs of reverse proxies whose X-Forwarded-For is believed (comma-separated); empty believes nobody's. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => {
        try {
          proxyaddr.compile(list);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'TRUSTED_PROXIES must be IP addresses or CIDRs separated by commas' },
    ),
  /** Public POSTs (bookings, sign-ups, chat) per client per minute. */
  PUBLIC_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
};

export type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnvShape>>;
export type GatewayConfig = GatewayEnv & { JWT_SECRET: string };
