import type { Express } from 'express';
import { createServiceApp, type Logger } from '@bb/service-kit';
import { mountSubscriberSettings } from './routes/subscriber-settings';
import { mountSubscribers, type SubscriberRouteDeps } from './routes/subscribers';

export interface SubscribersAppDeps extends SubscriberRouteDeps {
  logger: Logger;
  jwtSecret: string;
  isRevoked: (jti: string) => boolean;
  isReady: () => boolean;
}

export function buildApp(deps: SubscribersAppDeps): Express {
  return createServiceApp({
    service: 'subscribers',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: deps.isRevoked,
    isReady: deps.isReady,
    routes: (app) => {
      mountSubscribers(app, deps);
      mountSubscriberSettings(app, deps);
    },
  });
}
