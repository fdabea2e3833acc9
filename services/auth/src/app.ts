import type { Express } from 'express';
import { createServiceApp, type Logger } from '@bb/service-kit';
import { mountSession, type SessionDeps } from './routes/session';

export interface AuthAppDeps extends SessionDeps {
  logger: Logger;
  isReady: () => boolean;
}

export function buildApp(deps: AuthAppDeps): Express {
  return createServiceApp({
    service: 'auth',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isReady: deps.isReady,
    routes: (app) => mountSession(app, deps),
  });
}
