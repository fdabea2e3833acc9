import { z } from 'zod';
import { DEMO_PASSWORD, secret } from '@bb/service-kit';

export const authEnvShape = {
  /** Username of the first admin account, created at start when missing. */
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  /** Required in production mode; in demo mode the demo password is used when absent. */
  ADMIN_PASSWORD: secret(z.string().min(8, { error: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(), { minLength: 12 }),
  /** Lifetime of a staff token. */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
};

export const DEMO_CREDENTIALS = { username: 'admin', password: DEMO_PASSWORD } as const;

export type AuthConfig = z.infer<z.ZodObject<typeof authEnvShape>>;
