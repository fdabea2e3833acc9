import { z } from 'zod';
import { secret } from '@bb/service-kit';

export const subscribersEnvShape = {
  /** Signs unsubscribe links; changing it invalidates the links already sent. */
  UNSUBSCRIBE_SECRET: secret(z.string().min(16, { error: 'UNSUBSCRIBE_SECRET must be at least 16 characters' })),
  /** The site's address as seen from an e-mail, e.g. https://booking.example.com */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an http(s) URL' }).default('http://localhost:8080'),
};

export type SubscribersConfig = z.infer<z.ZodObject<typeof subscribersEnvShape>>;
