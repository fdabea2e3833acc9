import path from 'node:path';
import type { ZodType } from 'zod';
import { baseEnvShape, busEnvShape, mongoEnvShape } from '@bb/service-kit';

/** Every Node process of the product and the file of its config schema: what compose and the manifests must each run and configure. */
export const PROCESS_CONFIG_FILES: Record<string, string> = {
  gateway: 'gateway/src/config.ts',
  auth: 'services/auth/src/config.ts',
  catalog: 'services/catalog/src/config.ts',
  booking: 'services/booking/src/config.ts',
  chat: 'services/chat/src/config.ts',
  subscribers: 'services/subscribers/src/config.ts',
  notifications: 'services/notifications/src/config.ts',
  payments: 'services/payments/src/config.ts',
};

const root = path.resolve(__dirname, '..', '..', '..');

/** The config schema of the process whose config file this is: the kit's shapes and its one `*EnvShape`. */
export function configShapeOf(file: string): Record<string, ZodType> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(root, file)) as Record<string, unknown>;
  const shapes = Object.entries(mod).filter(([name]) => name.endsWith('EnvShape'));
  if (shapes.length !== 1) throw new Error(`${file} must export exactly one *EnvShape`);
  return { ...baseEnvShape, ...mongoEnvShape, ...busEnvShape, ...(shapes[0][1] as Record<string, ZodType>) };
}

/** The variables that schema requires (those without a default). */
export const requiredEnv = (file: string): string[] =>
  Object.entries(configShapeOf(file))
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([key]) => key);
