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
  /** Key staff's two-factor (TOTP) secrets are encrypted with in auth's database (AES-256-GCM, key derived from it); at least 32 random characters in production. */
  TOTP_ENCRYPTION_KEY: secret(z.string().min(16, { error: 'TOTP_ENCRYPTION_KEY must be at least 16 characters' })),
};

export const DEMO_CREDENTIALS = { username: 'admin', password: DEMO_PASSWORD } as const;

export type AuthConfig = z.infer<z.ZodObject<typeof authEnvShape>>;
