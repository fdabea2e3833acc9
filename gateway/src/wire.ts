import type { Wire } from '@bb/service-kit';
import { buildGateway } from './app';
import type { GatewayEnv } from './config';
import { loginLimit } from './limits/login-limit';
import { publicPostLimit } from './limits/public-post-limit';

/** The gateway from its context: limits counted in its database, revocations from the bus, the proxy. */
export const wire: Wire<GatewayEnv> = (ctx) => {
  const { config, logger } = ctx;
  const login = loginLimit(
    ctx.conn,
    {
      failuresPerMinute: config.LOGIN_FAILURES_PER_MINUTE,
      freePerUsername: config.LOGIN_ATTEMPTS_PER_USERNAME,
      backoffCapSeconds: config.LOGIN_BACKOFF_MAX_SECONDS,
    },
    logger,
  );
  const publicPosts = publicPostLimit(ctx.conn, config.PUBLIC_POSTS_PER_MINUTE, logger);
  return {
    app: buildGateway({
      config,
      logger,
      limits: { login, publicPosts },
      isRevoked: (token) => ctx.revocations.isTokenRevoked(token),
      logouts: { record: (token) => ctx.revocations.record(token), isStoredRevoked: (token) => ctx.revocations.isStoredRevoked(token) },
      isReady: ctx.isReady,
    }),
    onStop: async () => {
      login.stop();
      publicPosts.stop();
    },
  };
};
