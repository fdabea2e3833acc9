import { authRoutes } from '@bb/contracts';
import { bind, createServiceApp, unauthorized, type Wire } from '@bb/service-kit';

/**
 * Another service's process on auth's exchange, whose only route is a staff one: no check of its
 * own, so what refuses a token there is the revocation list the runtime hands every app.
 */
export const otherProcess: Wire<object> = (ctx) => ({
  app: createServiceApp({
    service: 'auth',
    context: ctx,
    deps: undefined,
    mounts: [
      (app) =>
        bind(app, authRoutes.me, ({ user }) => {
          if (!user) throw unauthorized();
          return { id: user.sub, username: user.username, role: user.role, twoFactor: false, mustEnrol: false };
        }),
    ],
  }),
});
