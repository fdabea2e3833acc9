import { z } from 'zod';
import { s3EnvShape, secret } from '@bb/service-kit';

export const paymentsEnvShape = {
  /** PayMongo's API base; the local test double's address in `npm start` and `npm test`. */
  PAYMONGO_URL: z.url({ protocol: /^https?$/, error: 'PAYMONGO_URL must be an http(s) URL' }).default('https://api.paymongo.com'),
  /** PayMongo's secret API key (sk_live_… in production, sk_test_… to try): every API call is made with it. */
  PAYMONGO_SECRET_KEY: secret(
    z.string().regex(/^sk_(live|test)_\w+$/, { error: 'PAYMONGO_SECRET_KEY must be a PayMongo secret key (sk_live_… or sk_test_…)' }),
  ),
  /**
   * The secret of the webhook registered for /api/payments/webhooks/paymongo (whsk_…): its
   * deliveries are signed with it. Several separated by commas while a secret is rotated (any one
   * signing a delivery is enough).
   */
  PAYMONGO_WEBHOOK_SECRET: secret(
    z.string().refine((value) => value.split(',').every((one) => one.trim().length >= 8), {
      error: 'PAYMONGO_WEBHOOK_SECRET must be the secret_key of the PayMongo webhook (whsk_…), or several separated by commas',
    }),
    {
      // PayMongo's own are whsk_ and 24 letters and digits: shorter than the usual 32.
      minLength: 24,
    },
  ),
  /** How long a call to PayMongo may take before it counts as failed. */
  PAYMONGO_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A webhook delivery whose signature timestamp is further than this from now is refused (replays). */
  PAYMONGO_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Makes the pay page's token from an appointment id: booking's and notifications' key of the manage links. */
  MANAGE_LINK_SECRET: secret(z.string().min(16, { error: 'MANAGE_LINK_SECRET must be at least 16 characters' })),
  /** The site's address, where PayMongo's checkout sends the visitor back: <PUBLIC_URL>/pay/<token>?result=success|cancelled */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an http(s) URL' }).default('http://localhost:8080'),
  /**
   * How often payments asks PayMongo about payments whose webhook may have been missed (an
   * unanswered checkout, a refund under way), each on its own back-off.
   */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Transfer receipts are kept in this bucket (S3_*: MinIO or any S3), never served publicly. */
  ...s3EnvShape,
};

export type PaymentsConfig = z.infer<z.ZodObject<typeof paymentsEnvShape>>;
