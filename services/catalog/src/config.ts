import { z } from 'zod';
import { secret } from '@bb/service-kit';

export const catalogEnvShape = {
  /** MinIO or any S3 endpoint: http(s)://host:port */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: secret(z.string().min(1)),
  /** Created at start when missing. */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'S3_BUCKET must be a valid bucket name (lowercase, digits, dots, dashes)' }),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /**
   * How long a visitor's list answer is reused by this process. A write drops it in every
   * replica at once (an event on each replica's own queue); this bounds its age when that
   * announcement is missed.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).default(1000),
};

export type CatalogConfig = z.infer<z.ZodObject<typeof catalogEnvShape>>;
