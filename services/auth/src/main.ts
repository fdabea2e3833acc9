import { startService } from '@bb/service-kit';
import { buildApp } from './app';
import { authEnvShape } from './config';
import { createModels } from './models';
import { ensureFirstAdmin } from './seed/admin';

void startService('auth', authEnvShape, (ctx) => {
  const { config, logger } = ctx;
  const demo = config.APP_MODE === 'demo';
  if (!demo && !config.ADMIN_PASSWORD) {
    logger.fatal('ADMIN_PASSWORD is required in production mode');
    process.exit(78);
  }
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Revocation);
  return {
    app: buildApp({
      logger,
      models,
      relay: ctx.relay,
      revocations: ctx.revocations,
      jwtSecret: config.JWT_SECRET,
      tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
      demo,
      isReady: ctx.isReady,
    }),
    beforeServe: () => ensureFirstAdmin(models, logger, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, demo }),
  };
});
