import type { Express } from 'express';
import { createServiceApp, type Logger } from '@bb/service-kit';
import type { NotificationRouteDeps } from './routes/deps';
import { mountMails } from './routes/mails';
import { mountSettings } from './routes/settings';

export interface NotificationsAppDeps extends NotificationRouteDeps {
  logger: Logger;
  jwtSecret: string;
  isRevoked: (jti: string) => boolean;
  isReady: () => boolean;
}

export function buildApp(deps: NotificationsAppDeps): Express {
  return createServiceApp({
    service: 'notifications',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: deps.isRevoked,
    isReady: deps.isReady,
    routes: (app) => {
      mountSettings(app, deps);
      mountMails(app, deps);
    },
  });
}
