import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { AuthDeps } from './deps';
import { mountAudit } from './routes/audit';
import { mountSession } from './routes/session';

export function buildApp(context: ServiceAppContext, deps: AuthDeps): Express {
  return createServiceApp({ service: 'auth', context, deps, mounts: [mountSession, mountAudit] });
}
