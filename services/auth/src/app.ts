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
    isRevoked: (jti) => deps.revocations.isRevoked(jti),
    isReady: deps.isReady,
    routes: (app) => mountSession(app, deps),
  });
}
