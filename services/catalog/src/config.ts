import { z } from 'zod';
import { s3EnvShape } from '@bb/service-kit';

export const catalogEnvShape = {
  ...s3EnvShape,
  /**
   * How long a visitor's list answer is reused by this process. A write drops it in every
   * replica at once (an event on each replica's own queue); this bounds its age when that
   * announcement is missed.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).default(1000),
};

export type CatalogConfig = z.infer<z.ZodObject<typeof catalogEnvShape>>;
