import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { AuthDeps } from './deps';
import { mountPrivacy } from './routes/privacy';
import { mountSession } from './routes/session';

export function buildApp(context: ServiceAppContext, deps: AuthDeps): Express {
  return createServiceApp({ service: 'auth', context, deps, mounts: [mountSession, mountPrivacy] });
}
